import { ACCESS_TOKEN_VARIABLE, ACCOUNT_ID_VARIABLE, curlSample } from './curl-sample.js';
import { FLAGS } from './flags.js';
import { findTokenOperation, listOperations } from './operations.js';
import { sampleInputs } from './sample-inputs.js';
import { resolveRef } from './spec-ref.js';
import { CLIENT_ID_VARIABLE, CLIENT_PACKAGE, CLIENT_SECRET_VARIABLE, typeScriptSample } from './typescript-sample.js';

/** The token field of the token response, as section 5 of the interface document names it. */
const TOKEN_RESPONSE_FIELD = 'access_token';

/** A paragraph opening with a bold lead-in such as `**Errors.**` becomes a heading Redoc lists in its menu. */
const LEAD_IN = /^\*\*([^*\n]+?)\.\*\*[ \t]*/gm;

/** Top-level headings of the overview: the spec's own introduction, then what this build adds. */
export const OVERVIEW_TITLE = 'Overview';
export const USAGE_TITLE = 'Using the API';

/**
 * Writes the overview at the top of the reference: the spec's own introduction (its bold lead-ins
 * turned into menu headings), then sections generated from the spec: servers, calling the API (token
 * exchange, client and curl), errors with the RFI 409 variants, and what is sandbox-only or designed
 * here. Mutates `spec.info.description`.
 * @param {object} spec A copy of the bundled OpenAPI document.
 * @param {Record<string, import('./flags.js').FlaggedNode[]>} flagged What {@link addFlags} flagged.
 */
export function addOverview(spec, flagged) {
  const introduction = (spec.info.description ?? '').replace(LEAD_IN, (_, title) => `## ${title}\n\n`);
  // Two top-level menu entries keep the overview apart from the tags (the spec and a tag may both
  // say "Authentication").
  const sections = [
    `# ${OVERVIEW_TITLE}`,
    introduction.trim(),
    `# ${USAGE_TITLE}`,
    serversSection(spec),
    callingSection(spec),
    errorsSection(spec),
    ...FLAGS.map((flag) => flagSection(flag, flagged[flag.extension] ?? [])),
  ];
  spec.info.description = `${sections.filter(Boolean).join('\n\n')}\n`;
}

function serversSection(spec) {
  const servers = (spec.servers ?? []).map((server) => {
    const url = server.url.replace(/\{([^}]+)\}/g, (_, name) => server.variables?.[name]?.default ?? `{${name}}`);
    const notes = Object.values(server.variables ?? {})
      .map((variable) => variable.description ?? '')
      .join(' ');
    return `- **${server.description ?? 'Server'}**: \`${url}\` (template \`${server.url}\`). ${notes}`.trim();
  });
  const sandboxFlag = FLAGS.find(({ extension }) => extension === 'x-sandbox-only');
  const sandboxOnly = listOperations(spec).filter(({ operation }) => operation[sandboxFlag.extension] === true);
  return [
    '## Servers',
    '',
    ...servers,
    '',
    sandboxOnly.length > 0
      ? `Both servers expose the same interface, except the ${sandboxOnly.length} sandbox-only operations listed under ` +
        `[${sandboxFlag.title}](#${sectionAnchor(USAGE_TITLE, sandboxFlag.title)}), which list only the sandbox server. Credentials are per environment.`
      : 'Both servers expose the same interface. Credentials are per environment.',
  ].join('\n');
}

function callingSection(spec) {
  const token = findTokenOperation(spec);
  if (!token) return '';
  const tokenSchema = resolveRef(
    spec,
    resolveRef(spec, token.operation.responses?.['200'])?.content?.['application/json']?.schema ?? {},
  );
  if (!tokenSchema.properties?.[TOKEN_RESPONSE_FIELD]) {
    throw new Error(`The token response of ${token.path} has no ${TOKEN_RESPONSE_FIELD} field`);
  }
  const inputs = sampleInputs(spec, token);
  const exchange = curlSample(spec, token, inputs, undefined).trim();
  const accountId = listOperations(spec)
    .flatMap(({ parameters }) => parameters)
    .find((parameter) => parameter.in === 'header' && parameter.name === 'AccountId');
  return [
    '## Calling the API',
    '',
    `Every operation shows two samples generated from this description's examples: TypeScript with \`${CLIENT_PACKAGE}\` and curl. Both call the sandbox server.`,
    '',
    `**With the client.** The client exchanges the credentials at \`${token.method.toUpperCase()} ${token.path}\` itself, sends ` +
      '`Authorization: Bearer` and `AccountId` on every request, and requests a new token when the old one expires. ' +
      `Keep the secret server-side: read it from \`${CLIENT_SECRET_VARIABLE}\` (and the id from \`${CLIENT_ID_VARIABLE}\`).`,
    '',
    '```typescript',
    typeScriptSample(spec, token, inputs).trim(),
    '```',
    '',
    `**With curl.** Exchange the credentials once, keep \`${TOKEN_RESPONSE_FIELD}\` for \`expires_in\` seconds, and send it with the account id:`,
    '',
    '```shell',
    `${ACCESS_TOKEN_VARIABLE}=$(${exchange.replace(/^curl /, 'curl -sS ')} | jq -r .${TOKEN_RESPONSE_FIELD})`,
    `${ACCOUNT_ID_VARIABLE}=${accountId?.example ?? '<your account id>'}`,
    '```',
    '',
    `Every other curl sample sends \`-H "Authorization: Bearer $${ACCESS_TOKEN_VARIABLE}"\` and, on \`/v1\` paths, ` +
      `\`-H "AccountId: $${ACCOUNT_ID_VARIABLE}"\`.`,
  ].join('\n');
}

function errorsSection(spec) {
  const envelope = spec.components?.schemas?.ErrorEnvelope
    ? '<SchemaDefinition schemaRef="#/components/schemas/ErrorEnvelope" />'
    : '';
  const conflicts = new Map();
  for (const { operation } of listOperations(spec)) {
    const response = operation.responses?.['409'];
    if (response) conflicts.set(response.$ref ?? JSON.stringify(response), resolveRef(spec, response));
  }
  const variants = [...conflicts.values()].flatMap((response) => {
    const examples = Object.values(Object.values(response.content ?? {})[0]?.examples ?? {}).map((example) =>
      resolveRef(spec, example),
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
    `Every error response has this body. The retry rules are under [Errors](#${sectionAnchor(OVERVIEW_TITLE, 'Errors')}).`,
    '',
    envelope,
    ...(variants.length > 0 ? ['', '## RFI 409 variants', '', ...variants] : []),
  ]
    .join('\n')
    .trim();
}

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
 * The anchor Redoc gives a heading of the description: `section/<h1>/<h2>`, spaces as dashes.
 * @param {...string} headings The heading texts, outermost first.
 */
export function sectionAnchor(...headings) {
  return `section/${headings.map((heading) => heading.trim().replace(/\s+/g, '-')).join('/')}`;
}

// `#/components/schemas/RfiCase/properties/status` reads as `RfiCase.status`.
function readablePointer(pointer) {
  return pointer
    .replace(/^#\/components\/[^/]+\//, '')
    .replaceAll('/properties/', '.')
    .replaceAll('~1', '/')
    .replaceAll('~0', '~');
}
