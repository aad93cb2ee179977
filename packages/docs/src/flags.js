import { formatPointer } from '@payments-connect/contract';

/**
 * The extensions this repository puts on the spec that readers must see. `badge` appears beside an
 * operation's name; `notice` opens the description of whatever carries the flag (operation, schema,
 * property, header), since Redoc shows no extension by itself; the node's own text follows it, and that
 * of the schema it references when it has none (a `description` beside `$ref` replaces the referenced
 * one in Redoc); `title` and `summary` head the overview section listing everything flagged.
 */
export const FLAGS = [
  {
    extension: 'x-sandbox-only',
    title: 'Sandbox only',
    summary: 'These operations exist only on the sandbox server and list only it; production does not offer them.',
    badge: { name: 'Sandbox only', color: '#b35c00' },
    notice: '**Sandbox only:** this operation exists only on the sandbox server; production does not offer it.',
  },
  {
    extension: 'x-designed-here',
    title: 'Designed here',
    summary:
      'Interface v1.0 of the service says these operations and fields exist, or needs them, but does not show their ' +
      'shape, so this contract designed one: the mock, the emulator, the types and the client follow it. The ' +
      'service may differ, so confirm each on the sandbox before you rely on it. The reference badges them ' +
      '*Unconfirmed*; the OpenAPI description marks them `x-designed-here`.',
    badge: { name: 'Unconfirmed', color: '#6b3fa0' },
    notice:
      '**Unconfirmed (designed here):** interface v1.0 does not show this, so this contract designed it; the mock, ' +
      'the emulator, the types and the client follow that design. The service may differ: confirm it on the sandbox ' +
      'before you rely on it.',
  },
];

/** Parts of the document where a flag can sit: never inside example values, which are data. */
const FLAGGABLE_ROOTS = ['paths', 'webhooks', 'components'];
const DATA_KEYS = new Set(['example', 'examples', 'value', 'default', 'enum', 'const']);

/**
 * @typedef {object} FlaggedNode
 * @property {string} pointer JSON pointer of the flagged node, e.g. `#/components/schemas/RfiCase/properties/status`.
 * @property {string} [operationId] Set when the node is an operation.
 * @property {string} [summary] The operation's summary.
 */

/**
 * Makes the flags visible: a notice at the start of every flagged node's description, plus a badge
 * on flagged operations. Mutates the contract's document.
 * @param {import('@payments-connect/contract').Contract} contract The contract of a copy of the bundled document.
 * @returns {Record<string, FlaggedNode[]>} What carries each flag, by extension, in document order.
 */
export function addFlags(contract) {
  const { document } = contract;
  /** @type {Record<string, FlaggedNode[]>} */
  const flagged = Object.fromEntries(FLAGS.map(({ extension }) => [extension, []]));
  /** @param {any} node */
  const ownText = (node) => node.description ?? (node.$ref ? contract.dereference(node).node?.description : undefined);
  for (const root of FLAGGABLE_ROOTS) {
    if (document[root]) visit(document[root], [root], { flagged, ownText });
  }
  return flagged;
}

/**
 * @param {any} node Any node of the document.
 * @param {string[]} tokens Where it sits: the keys leading to it (a pointer is formatted only for a flagged node).
 * @param {{ flagged: Record<string, FlaggedNode[]>, ownText: (node: any) => string | undefined }} context
 *   `flagged` collects what carries each flag; `ownText` is the text a node shows without its notice.
 */
function visit(node, tokens, context) {
  if (!node || typeof node !== 'object') return;
  const { flagged, ownText } = context;
  for (const flag of FLAGS) {
    if (node[flag.extension] !== true) continue;
    const text = ownText(node);
    node.description = text ? `${flag.notice}\n\n${text}` : flag.notice;
    const isOperation = typeof node.operationId === 'string';
    const pointer = formatPointer(tokens);
    if (isOperation) node['x-badges'] = [...(node['x-badges'] ?? []), flag.badge];
    flagged[flag.extension].push(
      isOperation ? { pointer, operationId: node.operationId, summary: node.summary } : { pointer },
    );
  }
  for (const [key, child] of Object.entries(node)) {
    // A schema property may be named like a data keyword ("value"): under `properties` it is a schema.
    if (DATA_KEYS.has(key) && tokens.at(-1) !== 'properties') continue;
    visit(child, [...tokens, key], context);
  }
}
