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

/**
 * What a generated sample needs of its language, beside the snippet library's code.
 * @typedef {object} ProgramParts
 * @property {string} name A name for the program, from the operationId (`GetRfiCase`), where a language wants one.
 * @property {string} code The library's code, the example values of the variables already replaced by `names`.
 * @property {{ variable: SampleVariable, fallback: string }[]} variables The variables the code uses, in order.
 * @property {Record<SampleVariable, string>} names What the code calls them (the language's `names`).
 * @property {string} note The comment on the base URL's default (`SAMPLE_SERVER_NOTES.placeholder`).
 */

/**
 * @typedef {object} SampleLanguage
 * @property {string} id What `--languages` names it.
 * @property {string} label The tab's label.
 * @property {string} lang The language Redoc highlights it as.
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
 * @param {string} comment
 * @param {(variable: SampleVariable, fallback: string) => string} declaration
 */
function declarations({ variables, note }, comment, declaration) {
  return variables.flatMap(({ variable, fallback }) => [
    ...(variable === 'baseUrl' ? [`${comment} ${note}`] : []),
    declaration(variable, fallback),
  ]);
}

/** @type {SampleLanguage[]} */
export const SAMPLE_LANGUAGES = [
  { id: 'typescript', label: 'TypeScript', lang: 'TypeScript', extension: 'ts', comment: '//' },
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
        ...declarations(parts, '#', (variable, fallback) => {
          const name = SAMPLE_ENVIRONMENT[variable];
          return `${name}="\${${name}:-${quoted(fallback)}}"`;
        }),
        parts.code,
      ].join('\n'),
  },
  {
    id: 'python',
    label: 'Python',
    lang: 'Python',
    extension: 'py',
    comment: '#',
    snippet: { target: 'python', client: 'requests' },
    names: { baseUrl: 'BASE_URL', token: 'TOKEN', accountId: 'ACCOUNT_ID' },
    program: (parts) =>
      [
        'import os',
        '',
        'import requests',
        '',
        ...declarations(
          parts,
          '#',
          (variable, fallback) =>
            `${parts.names[variable]} = os.environ.get(${quoted(SAMPLE_ENVIRONMENT[variable])}, ${quoted(fallback)})`,
        ),
        '',
        `response = ${parts.code}`,
        '',
        'print(response.status_code)',
        'print(response.text)',
      ].join('\n'),
  },
  {
    id: 'go',
    label: 'Go',
    lang: 'Go',
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
      if (parts.variables.length > 0) packages.add('os');
      const importBlock = `import (\n${[...packages]
        .sort()
        .map((name) => `\t"${name}"`)
        .join('\n')}\n)`;
      const lines = declarations(
        parts,
        '//',
        (variable, fallback) =>
          `${parts.names[variable]} := envOr(${quoted(SAMPLE_ENVIRONMENT[variable])}, ${quoted(fallback)})`,
      );
      const code = parts.code
        .replace(imports[0], importBlock)
        .replace('func main() {\n', `func main() {\n${indented(lines.join('\n'), '\t')}\n\n`)
        .trimEnd();
      if (parts.variables.length === 0) return code;
      return `${code}\n\n${[
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
    lang: 'Java',
    extension: 'java',
    comment: '//',
    snippet: { target: 'java', client: 'nethttp' },
    names: { baseUrl: 'baseUrl', token: 'token', accountId: 'accountId' },
    // A class that is not public runs from a file of any name: `java getRfiCase.java` (single-file source launch).
    program: (parts) =>
      [
        'import java.net.http.HttpClient;',
        'import java.net.http.HttpRequest;',
        'import java.net.http.HttpResponse;',
        '',
        `class ${parts.name} {`,
        '    public static void main(String[] args) throws Exception {',
        indented(
          [
            ...declarations(
              parts,
              '//',
              (variable, fallback) =>
                `String ${parts.names[variable]} = System.getenv()` +
                `.getOrDefault(${quoted(SAMPLE_ENVIRONMENT[variable])}, ` +
                `${quoted(fallback)});`,
            ),
            '',
            parts.code.replace(
              'System.out.println(response.body());',
              'System.out.println(response.statusCode());\nSystem.out.println(response.body());',
            ),
          ].join('\n'),
          '        ',
        ),
        '    }',
        '}',
      ].join('\n'),
  },
  {
    id: 'kotlin',
    label: 'Kotlin',
    lang: 'Kotlin',
    extension: 'kt',
    comment: '//',
    snippet: { target: 'kotlin', client: 'okhttp' },
    names: { baseUrl: 'baseUrl', token: 'token', accountId: 'accountId' },
    // OkHttp's 3.x API, as the library writes it (MediaType.parse, RequestBody.create).
    program: (parts) =>
      [
        'import java.io.File',
        'import okhttp3.MediaType',
        'import okhttp3.MultipartBody',
        'import okhttp3.OkHttpClient',
        'import okhttp3.Request',
        'import okhttp3.RequestBody',
        '',
        'fun main() {',
        indented(
          [
            ...declarations(
              parts,
              '//',
              (variable, fallback) =>
                `val ${parts.names[variable]} = System.getenv(${kotlinQuoted(SAMPLE_ENVIRONMENT[variable])}) ?: ` +
                `${kotlinQuoted(fallback)}`,
            ),
            '',
            parts.code,
            '',
            'println(response.code())',
            'println(response.body()?.string())',
          ].join('\n'),
          '    ',
        ),
        '}',
      ].join('\n'),
  },
  {
    id: 'csharp',
    label: 'C#',
    lang: 'C#',
    extension: 'cs',
    comment: '//',
    snippet: { target: 'csharp', client: 'httpclient' },
    names: { baseUrl: 'baseUrl', token: 'token', accountId: 'accountId' },
    // Top-level statements and raw string literals: C# 11 (.NET 7 or later), with the SDK's implicit usings.
    program: (parts) =>
      [
        'using System.Net.Http.Headers;',
        '',
        ...declarations(
          parts,
          '//',
          (variable, fallback) =>
            `var ${parts.names[variable]} = ` +
            `Environment.GetEnvironmentVariable(${quoted(SAMPLE_ENVIRONMENT[variable])}) ?? ` +
            `${quoted(fallback)};`,
        ),
        '',
        parts.code,
        '',
        'Console.WriteLine((int)response.StatusCode);',
        'Console.WriteLine(await response.Content.ReadAsStringAsync());',
      ].join('\n'),
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
