/**
 * The languages of the code samples: one entry each, in the order of the page's tabs. TypeScript calls the API through
 * `@payments-connect/client` (`typescript-sample.js`); every other sample is written by the snippet library
 * (`@scalar/snippetz`, its `target` and `client`) from the operation's example request (`snippet-sample.js`), then made
 * a program of its own here: it reads the base URL, the token and the account from the environment, with the sandbox's
 * placeholder URL and the spec's example values as defaults, and shows the answer.
 */

/** The environment variables a sample reads, and the names its code gives them, by language. */
export const SAMPLE_ENVIRONMENT = /** @type {const} */ ({
  baseUrl: 'PAYMENTS_CONNECT_BASE_URL',
  token: 'PAYMENTS_CONNECT_TOKEN',
  accountId: 'PAYMENTS_CONNECT_ACCOUNT_ID',
});

/** @typedef {keyof typeof SAMPLE_ENVIRONMENT} SampleVariable */

/** What Java, Kotlin and C# code calls the variables. */
const CAMEL_CASE_NAMES = /** @type {const} */ ({ baseUrl: 'baseUrl', token: 'token', accountId: 'accountId' });

/**
 * What a generated sample needs of its language, beside the snippet library's code.
 * @typedef {object} ProgramParts
 * @property {string} name A name for the program, from the operationId (`GetRfiCase`), where a language wants one.
 * @property {string} code The library's code, the example values of the variables already replaced by `names`.
 * @property {{ variable: SampleVariable, fallback: string }[]} variables The variables the code uses, in order.
 * @property {Record<SampleVariable, string>} names What the code calls them (the language's `names`).
 * @property {string} note The comment on the base URL's default (`SAMPLE_SERVER_NOTES.placeholder`).
 * @property {string} comment What starts a line comment in the language.
 */

/**
 * @typedef {object} SampleLanguage
 * @property {string} id What `--languages` names it.
 * @property {string} label The tab's label.
 * @property {string} [lang] The language Redoc highlights it as, when its label does not name it.
 * @property {string} extension Of the file `dist/samples/<operationId>.<extension>`.
 * @property {string} comment What starts a line comment.
 * @property {{ target: string, client: string }} [snippet] The snippet library's target and client; none for our
 *   client's TypeScript.
 * @property {Record<SampleVariable, string>} [names] The expressions that stand for the variables in its code.
 * @property {(parts: ProgramParts) => string} [program] The whole program around the library's code.
 */

/** A string literal of the C family (Go, Java, C#): JSON's escapes are theirs. */
const quoted = (/** @type {string} */ text) => JSON.stringify(text);

/** Kotlin reads `$name` inside a string as a template. */
const kotlinQuoted = (/** @type {string} */ text) => quoted(text).replaceAll('$', '\\$');

/** @param {string} code @param {string} indent */
const indented = (code, indent) =>
  code
    .split('\n')
    .map((line) => (line ? indent + line : line))
    .join('\n');

/**
 * Declarations of the variables the code uses, the note above the base URL's.
 * @param {ProgramParts} parts
 * @param {(variable: SampleVariable, fallback: string) => string} declaration
 */
function declarations({ variables, note, comment }, declaration) {
  return variables.flatMap(({ variable, fallback }) => [
    ...(variable === 'baseUrl' ? [`${comment} ${note}`] : []),
    declaration(variable, fallback),
  ]);
}

/**
 * The library's code with one of its lines rewritten; a release of the library that no longer writes that line stops
 * the build, rather than leave a sample unchanged unseen.
 * @param {string} code @param {string} line @param {string} replacement
 */
function rewritten(code, line, replacement) {
  if (!code.includes(line)) throw new Error(`the snippet library's code no longer holds ${JSON.stringify(line)}`);
  return code.replaceAll(line, replacement);
}

/**
 * How a language's program wraps the library's code, when the library writes the statements of main only.
 * @typedef {object} MainShape
 * @property {string[]} open The lines before main's body: imports, the opening of main.
 * @property {string} [indent] main's body's.
 * @property {(name: string, environment: string, fallback: string) => string} declaration A variable's declaration:
 *   what the code calls it, the environment variable it reads, its default.
 * @property {(code: string) => string} [code] The library's code as the program holds it.
 * @property {string[]} [print] The lines that print the answer.
 * @property {string[]} [close] The lines after main's body.
 */

/**
 * The program Python, Java, Kotlin and C# share the shape of: the lines that open it, main's body (the variables'
 * declarations, the library's code, the lines that print the answer), the lines that close it.
 * @param {ProgramParts} parts
 * @param {MainShape} shape
 */
function mainProgram(parts, { open, indent = '', declaration, code = (text) => text, print = [], close = [] }) {
  const body = [
    ...declarations(parts, (variable, fallback) =>
      declaration(parts.names[variable], SAMPLE_ENVIRONMENT[variable], fallback),
    ),
    '',
    code(parts.code),
    ...(print.length > 0 ? ['', ...print] : []),
  ];
  return [...open, indented(body.join('\n'), indent), ...close].join('\n');
}

/** @type {SampleLanguage[]} */
export const SAMPLE_LANGUAGES = [
  { id: 'typescript', label: 'TypeScript', extension: 'ts', comment: '//' },
  {
    id: 'curl',
    label: 'curl',
    lang: 'Shell',
    extension: 'sh',
    comment: '#',
    snippet: { target: 'shell', client: 'curl' },
    names: {
      baseUrl: `$${SAMPLE_ENVIRONMENT.baseUrl}`,
      token: `$${SAMPLE_ENVIRONMENT.token}`,
      accountId: `$${SAMPLE_ENVIRONMENT.accountId}`,
    },
    program: (parts) =>
      [
        ...declarations(parts, (variable, fallback) => {
          const name = SAMPLE_ENVIRONMENT[variable];
          return `${name}="\${${name}:-${quoted(fallback)}}"`;
        }),
        parts.code,
      ].join('\n'),
  },
  {
    id: 'python',
    label: 'Python',
    extension: 'py',
    comment: '#',
    snippet: { target: 'python', client: 'requests' },
    names: { baseUrl: 'BASE_URL', token: 'TOKEN', accountId: 'ACCOUNT_ID' },
    program: (parts) =>
      mainProgram(parts, {
        open: ['import os', '', 'import requests', ''],
        declaration: (name, environment, fallback) =>
          `${name} = os.environ.get(${quoted(environment)}, ${quoted(fallback)})`,
        code: (code) => `response = ${code}`,
        print: ['print(response.status_code)', 'print(response.text)'],
      }),
  },
  {
    id: 'go',
    label: 'Go',
    extension: 'go',
    comment: '//',
    snippet: { target: 'go', client: 'native' },
    names: { baseUrl: 'baseURL', token: 'token', accountId: 'accountID' },
    program: (parts) => {
      // The library writes a whole program; the variables open its main, and envOr (Go has no getenv with a default)
      // closes the file. Go refuses an import or a variable left unused: only those the code uses are declared.
      const imports = /import \(\n([^)]*)\)/.exec(parts.code);
      if (!imports?.[1]) throw new Error('the Go sample has no import block');
      const packages = new Set([...imports[1].matchAll(/"([^"]+)"/g)].map((match) => String(match[1])));
      packages.add('log').add('os');
      const importBlock = `import (\n${[...packages]
        .sort()
        .map((name) => `\t"${name}"`)
        .join('\n')}\n)`;
      const lines = declarations(
        parts,
        (variable, fallback) =>
          `${parts.names[variable]} := envOr(${quoted(SAMPLE_ENVIRONMENT[variable])}, ${quoted(fallback)})`,
      );
      let code = rewritten(parts.code, imports[0], importBlock);
      code = rewritten(code, 'func main() {\n', `func main() {\n${indented(lines.join('\n'), '\t')}\n\n`);
      // The library drops the error of the call and then reads the answer (go vet: "using res before checking for
      // errors"): a reader whose server is down would get a nil pointer's panic instead of the reason.
      code = rewritten(
        code,
        '\tres, _ := http.DefaultClient.Do(req)\n',
        '\tres, err := http.DefaultClient.Do(req)\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n',
      );
      // The status, as the other languages print it, rather than the whole response structure.
      code = rewritten(code, '\tfmt.Println(res)\n', '\tfmt.Println(res.StatusCode)\n');
      // gofmt writes a sum inside a call's arguments without spaces; the token's is ours (snippet-sample.js).
      if (parts.variables.some(({ variable }) => variable === 'token')) {
        code = rewritten(code, `"Bearer " + ${parts.names.token}`, `"Bearer "+${parts.names.token}`);
      }
      return `${code.trimEnd()}\n\n${[
        '// envOr is the value of an environment variable, or fallback when it is not set.',
        'func envOr(name, fallback string) string {',
        '\tif value, ok := os.LookupEnv(name); ok {',
        '\t\treturn value',
        '\t}',
        '\treturn fallback',
        '}',
      ].join('\n')}`;
    },
  },
  {
    id: 'java',
    label: 'Java',
    extension: 'java',
    comment: '//',
    snippet: { target: 'java', client: 'nethttp' },
    names: CAMEL_CASE_NAMES,
    // A class that is not public runs from a file of any name: `java getRfiCase.java` (single-file source launch).
    program: (parts) =>
      mainProgram(parts, {
        open: [
          'import java.net.http.HttpClient;',
          'import java.net.http.HttpRequest;',
          'import java.net.http.HttpResponse;',
          '',
          `class ${parts.name} {`,
          '    public static void main(String[] args) throws Exception {',
        ],
        indent: '        ',
        declaration: (name, environment, fallback) =>
          `String ${name} = System.getenv().getOrDefault(${quoted(environment)}, ${quoted(fallback)});`,
        // The library prints the body; the status goes before it, as in the other languages.
        code: (code) =>
          rewritten(
            code,
            'System.out.println(response.body());',
            'System.out.println(response.statusCode());\nSystem.out.println(response.body());',
          ),
        close: ['    }', '}'],
      }),
  },
  {
    id: 'kotlin',
    label: 'Kotlin',
    extension: 'kt',
    comment: '//',
    snippet: { target: 'kotlin', client: 'okhttp' },
    names: CAMEL_CASE_NAMES,
    // OkHttp's 3.x API, as the library writes it (MediaType.parse, RequestBody.create).
    program: (parts) =>
      mainProgram(parts, {
        open: [
          'import java.io.File',
          'import okhttp3.MediaType',
          'import okhttp3.MultipartBody',
          'import okhttp3.OkHttpClient',
          'import okhttp3.Request',
          'import okhttp3.RequestBody',
          '',
          'fun main() {',
        ],
        indent: '    ',
        declaration: (name, environment, fallback) =>
          `val ${name} = System.getenv(${kotlinQuoted(environment)}) ?: ${kotlinQuoted(fallback)}`,
        print: ['println(response.code())', 'println(response.body()?.string())'],
        close: ['}'],
      }),
  },
  {
    id: 'csharp',
    label: 'C#',
    extension: 'cs',
    comment: '//',
    snippet: { target: 'csharp', client: 'httpclient' },
    names: CAMEL_CASE_NAMES,
    // Top-level statements and raw string literals: C# 11 (.NET 7 or later), with the SDK's implicit usings.
    program: (parts) =>
      mainProgram(parts, {
        open: ['using System.Net.Http.Headers;', ''],
        declaration: (name, environment, fallback) =>
          `var ${name} = Environment.GetEnvironmentVariable(${quoted(environment)}) ?? ${quoted(fallback)};`,
        print: [
          'Console.WriteLine((int)response.StatusCode);',
          'Console.WriteLine(await response.Content.ReadAsStringAsync());',
        ],
      }),
  },
];

/**
 * The languages named, in the page's order; all of them when none are named.
 * @param {string[]} [ids] What `--languages` lists.
 * @returns {SampleLanguage[]}
 * @throws {Error} naming the first id that is no language of the builder.
 */
export function sampleLanguages(ids) {
  if (ids === undefined) return SAMPLE_LANGUAGES;
  const unknown = ids.find((id) => !SAMPLE_LANGUAGES.some((language) => language.id === id));
  if (unknown !== undefined) {
    throw new Error(
      `unknown sample language '${unknown}': the builder knows ${SAMPLE_LANGUAGES.map(({ id }) => id).join(', ')}`,
    );
  }
  return SAMPLE_LANGUAGES.filter(({ id }) => ids.includes(id));
}
