import { ERROR_ENVELOPE_POINTER, parsePointer } from '@payments-connect/contract';
import { sampleToken } from './code-samples.js';
import { FLAGS } from './flags.js';
import { sampleInputs } from './sample-inputs.js';
import { SAMPLE_ENVIRONMENT, SAMPLE_LANGUAGES } from './sample-languages.js';
import { SAMPLE_SERVER_NOTES } from './sample-server-notes.js';
import { snippetSample } from './snippet-sample.js';
import { TOKEN_FIELDS } from './try-it-model.js';
import { CLIENT_ID_VARIABLE, CLIENT_PACKAGE, CLIENT_SECRET_VARIABLE, typeScriptSample } from './typescript-sample.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('./areas-not-shown.js').AreaNotShown} AreaNotShown
 * @typedef {import('./flags.js').FlaggedNode} FlaggedNode
 * @typedef {import('./try-it-model.js').TryItModel} TryItModel
 */

/** The token field of the token response, as section 5 of the interface document names it. */
const TOKEN_RESPONSE_FIELD = TOKEN_FIELDS.accessToken;

/** A paragraph opening with a bold lead-in such as `**Errors.**` becomes a heading Redoc lists in its menu. */
const LEAD_IN = /^\*\*([^*\n]+?)\.\*\*[ \t]*/gm;

/** Top-level headings of the overview: the spec's own introduction, then what this build adds. */
export const OVERVIEW_TITLE = 'Overview';
export const USAGE_TITLE = 'Using the API';
export const TRY_IT_TITLE = 'Try it';
export const AREAS_NOT_SHOWN_TITLE = 'Areas without operations';

/**
 * Writes the overview at the top of the reference: the spec's own introduction (its bold lead-ins
 * turned into menu headings), then sections generated from the spec: servers, calling the API (token
 * exchange, client and curl), trying it against the local mock or emulator, errors with the RFI 409
 * variants, what is sandbox-only or designed here, and the areas of the service without operations. Mutates the
 * document's `info.description`.
 * @param {Contract} contract The contract of a copy of the bundled document.
 * @param {Record<string, FlaggedNode[]>} flagged What {@link addFlags} flagged.
 * @param {TryItModel} tryIt What the page's console calls.
 * @param {AreaNotShown[]} [areasNotShown] The areas taken out of the menu (`takeOutAreasNotShown`).
 */
export function addOverview(contract, flagged, tryIt, areasNotShown = []) {
  const { info } = contract.document;
  /** @type {string} */
  const description = info.description ?? '';
  const introduction = description.replace(LEAD_IN, (_, title) => `## ${title}\n\n`);
  // Two top-level menu entries keep the overview apart from the tags (the spec and a tag may both
  // say "Authentication").
  const sections = [
    `# ${OVERVIEW_TITLE}`,
    introduction.trim(),
    `# ${USAGE_TITLE}`,
    serversSection(contract),
    callingSection(contract, tryIt.accountId),
    tryItSection(tryIt),
    errorsSection(contract),
    ...FLAGS.map((flag) => flagSection(flag, flagged[flag.extension] ?? [])),
    areasSection(areasNotShown),
  ];
  info.description = `${sections.filter(Boolean).join('\n\n')}\n`;
}

/** @param {Contract} contract */
function serversSection(contract) {
  // The model reads each server's URL and environment; what its variables say is only in the document.
  /** @type {any[]} */
  const documented = contract.document.servers ?? [];
  const servers = contract.servers.map((server, index) => {
    const notes = Object.values(documented[index]?.variables ?? {})
      .map((/** @type {{ description?: string }} */ variable) => variable.description ?? '')
      .join(' ');
    const name = server.description ?? 'Server';
    return `- **${name}**: \`${server.defaultUrl}\` (template \`${server.url}\`). ${notes}`.trim();
  });
  const [sandboxFlag] = FLAGS.filter(({ extension }) => extension === 'x-sandbox-only');
  const sandboxOnly = contract.operations.filter((entry) => entry.sandboxOnly);
  return [
    '## Servers',
    '',
    ...servers,
    '',
    sandboxOnly.length > 0
      ? `Both servers expose the same interface, except the ${sandboxOnly.length} sandbox-only operations ` +
        `listed under [${sandboxFlag.title}](#${sectionAnchor(USAGE_TITLE, sandboxFlag.title)}), which list only ` +
        'the sandbox server. Credentials are per environment.'
      : 'Both servers expose the same interface. Credentials are per environment.',
  ].join('\n');
}

/**
 * @param {Contract} contract
 * @param {string} accountId The `AccountId` example the console sends, which the curl sample sets too.
 */
function callingSection(contract, accountId) {
  const token = contract.tokenOperation;
  if (!token) return '';
  const ok = token.responses.find(({ status }) => status === '200')?.response;
  const tokenSchema = contract.dereference(ok?.content?.['application/json']?.schema ?? {}).node;
  if (!tokenSchema.properties?.[TOKEN_RESPONSE_FIELD]) {
    throw new Error(`The token response of ${token.path} has no ${TOKEN_RESPONSE_FIELD} field`);
  }
  const inputs = sampleInputs(contract, token);
  const curl = SAMPLE_LANGUAGES.find(({ id }) => id === 'curl');
  if (!curl) throw new Error('no curl sample language');
  const defaults = { token: sampleToken(contract), note: SAMPLE_SERVER_NOTES.placeholder };
  // The base URL's lines stay as the sample has them; the command's answer is captured as the token.
  const [setup, command] = partition(
    snippetSample(curl, token, inputs, defaults).trim().split('\n'),
    (line) => line.startsWith('#') || line.startsWith(`${SAMPLE_ENVIRONMENT.baseUrl}=`),
  );
  const others = SAMPLE_LANGUAGES.filter(({ id }) => id !== 'typescript').map(({ label }) => label);
  return [
    '## Calling the API',
    '',
    `Every operation shows a sample in ${SAMPLE_LANGUAGES.map(({ label }) => label).join(', ')}, generated from this ` +
      "description's examples (the page remembers the language you pick). TypeScript uses " +
      `\`${CLIENT_PACKAGE}\`, and calls the sandbox at its placeholder URL: put your sandbox's URL in its place (the ` +
      `client takes it as \`baseUrl\`), or a local server's. The others (${others.join(', ')}) read the base URL ` +
      `from \`${SAMPLE_ENVIRONMENT.baseUrl}\`, the bearer token from \`${SAMPLE_ENVIRONMENT.token}\` and the account ` +
      `from \`${SAMPLE_ENVIRONMENT.accountId}\` when they are set, else the sandbox's placeholder URL and the ` +
      "examples' " +
      'token and account, which the mock accepts. On the page a mock or an emulator serves (see ' +
      `[${TRY_IT_TITLE}](#${sectionAnchor(USAGE_TITLE, TRY_IT_TITLE)})), every sample calls that server, and runs as ` +
      'it is.',
    '',
    `**With the client.** The client exchanges the credentials at \`${token.method} ${token.path}\` itself, ` +
      'sends `Authorization: Bearer` and `AccountId` on every request, and requests a new token when the old one ' +
      `expires. Keep the secret server-side: read it from \`${CLIENT_SECRET_VARIABLE}\` (and the id from ` +
      `\`${CLIENT_ID_VARIABLE}\`).`,
    '',
    '```typescript',
    typeScriptSample(token, inputs).trim(),
    '```',
    '',
    `**With curl and the others.** Exchange the credentials once, keep \`${TOKEN_RESPONSE_FIELD}\` for ` +
      `\`${TOKEN_FIELDS.expiresIn}\` seconds in \`${SAMPLE_ENVIRONMENT.token}\`, and name the account:`,
    '',
    '```shell',
    ...setup,
    `export ${SAMPLE_ENVIRONMENT.token}=$(${command.join('\n').replace(/^curl /, 'curl -sS ')} | ` +
      `jq -r .${TOKEN_RESPONSE_FIELD})`,
    `export ${SAMPLE_ENVIRONMENT.accountId}=${accountId}`,
    '```',
  ].join('\n');
}

/**
 * How to run the local servers, as a consumer of the packages does, and the button that opens the console (raw HTML,
 * which Redoc keeps).
 * @param {TryItModel} tryIt
 */
function tryItSection({ servers, credentials, docsPath }) {
  const [mock, emulator] = servers;
  /** @param {import('./try-it-model.js').TryItServer} server */
  const start = ({ packageName, command, url }) =>
    `\`${command}\` serves it at \`${url}\` where \`${packageName}\` is installed ` +
    `(\`npm install --save-dev ${packageName}\`; \`npx --package ${packageName} ${command.replace(/^npx /, '')}\` ` +
    'runs it without installing)';
  return [
    `## ${TRY_IT_TITLE}`,
    '',
    'Send any operation from this page to a server on your machine: **Try it** (in the bar at the top) opens a ' +
      'console that gets a token from the token exchange, fills `AccountId` and sends the operation you pick, with ' +
      'the examples of this description filled in. The page reaches nothing else: its security policy allows only ' +
      'the server that serves it, `127.0.0.1` and `localhost`.',
    '',
    ...(mock
      ? [
          `- **The mock** answers every operation from this description's examples: ${start(mock)}. It accepts any ` +
            'credentials; the `Prefer` header picks another documented answer (`Prefer: code=404`).',
        ]
      : []),
    ...(emulator
      ? [
          `- **The emulator** keeps state (tokens expire, a closed case refuses writes): ${start(emulator)}. The ` +
            `console sends its credentials (\`${credentials.clientId}\`) by default.`,
        ]
      : []),
    '',
    `Both serve this page at \`${docsPath}\`${mock ? ` (\`${mock.url}${docsPath}\`)` : ''}: opened there, the ` +
      'console sends to that server, on the same origin.',
    '',
    '<button type="button" data-try-it-open>Open the console</button>',
  ].join('\n');
}

/** @param {Contract} contract */
function errorsSection(contract) {
  const envelope = contract.document.components?.schemas?.ErrorEnvelope
    ? `<SchemaDefinition schemaRef="${ERROR_ENVELOPE_POINTER}" />`
    : '';
  // Operations share their 409 by reference: one variant list per response, however many operations use it.
  /** @type {Map<string, any>} */
  const conflicts = new Map();
  for (const { responses } of contract.operations) {
    const conflict = responses.find(({ status }) => status === '409');
    if (conflict) conflicts.set(conflict.pointer, conflict.response);
  }
  const variants = [...conflicts.values()].flatMap((response) => {
    /** @type {any[]} */
    const examples = Object.values(Object.values(response.content ?? {})[0]?.examples ?? {}).map(
      (example) => contract.dereference(example).node,
    );
    return [
      response.description.trim(),
      '',
      ...examples.flatMap((example) => [
        `*${example.summary}.* ${example.description ?? ''}`,
        '',
        '```json',
        JSON.stringify(example.value, null, 2),
        '```',
        '',
      ]),
    ];
  });
  return [
    '## Error envelope',
    '',
    'Every error response has this body. The retry rules are under ' +
      `[Errors](#${sectionAnchor(OVERVIEW_TITLE, 'Errors')}).`,
    '',
    envelope,
    ...(variants.length > 0 ? ['', '## RFI 409 variants', '', ...variants] : []),
  ]
    .join('\n')
    .trim();
}

/**
 * The areas of the service interface v1.0 names without showing an operation: one section, where each used to be a
 * menu entry of its own that led to no operation.
 * @param {AreaNotShown[]} areas
 */
function areasSection(areas) {
  if (areas.length === 0) return '';
  return [
    `## ${AREAS_NOT_SHOWN_TITLE}`,
    '',
    'Interface v1.0 names these areas of the service but shows none of their operations, so this reference has none ' +
      'to show.',
    '',
    ...areas.map(({ name, description }) => `- **${name}**: ${description.replace(/\s+/g, ' ')}`),
  ].join('\n');
}

/**
 * @param {(typeof FLAGS)[number]} flag
 * @param {FlaggedNode[]} nodes What carries it.
 */
function flagSection(flag, nodes) {
  if (nodes.length === 0) return '';
  const operations = nodes.filter((node) => node.operationId);
  const others = nodes.filter((node) => !node.operationId);
  const lines = [`## ${flag.title}`, '', flag.summary, ''];
  for (const node of operations)
    lines.push(`- [${node.summary}](#operation/${node.operationId}) (\`${node.operationId}\`)`);
  if (others.length > 0) {
    lines.push('', `Also flagged: ${others.map((node) => `\`${readablePointer(node.pointer)}\``).join(', ')}.`);
  }
  return lines.join('\n');
}

/**
 * The items that pass a test, and those that do not, each in their order.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => boolean} test
 * @returns {[T[], T[]]}
 */
function partition(items, test) {
  return [items.filter(test), items.filter((item) => !test(item))];
}

/**
 * The anchor Redoc gives a heading of the description: `section/<h1>/<h2>`, spaces as dashes.
 * @param {...string} headings The heading texts, outermost first.
 */
export function sectionAnchor(...headings) {
  return `section/${headings.map((heading) => heading.trim().replace(/\s+/g, '-')).join('/')}`;
}

/**
 * A reader knows a component by its name: `#/components/schemas/RfiCase/properties/status` reads as
 * `RfiCase.status`.
 * @param {string} pointer
 */
function readablePointer(pointer) {
  const tokens = parsePointer(pointer);
  const named = tokens[0] === 'components' ? tokens.slice(2) : ['#', ...tokens];
  return named.join('/').replaceAll('/properties/', '.');
}
