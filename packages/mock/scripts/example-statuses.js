#!/usr/bin/env node
// Generates src/msw/example-statuses.js from the bundled spec (the build runs it): the named response examples of each
// operation and the status each sits on, the type the MSW face's fixtures are typed by. Committed, so that a reviewer
// sees it change with the spec; `--check` fails when the committed file is stale (`pnpm check`).
import { loadContract } from '@payments-connect/contract';
import { writeOrCheckGenerated } from '@payments-connect/repo-checks/generated-file';

const HEADER = `/**
 * GENERATED FILE: do not edit by hand.
 * Source: @payments-connect/openapi (dist/openapi.json), the named response examples of each operation.
 * Regenerate with \`pnpm --filter @payments-connect/mock build\` (scripts/example-statuses.js).
 */
`;

/**
 * The module: one type, each operation's named response examples and the status each answers with. A name found under
 * two statuses is the first's, as \`Prefer: example=NAME\` finds it.
 * @param {import('@payments-connect/contract').ContractOperation[]} operations
 * @returns {string}
 */
export function renderExampleStatuses(operations) {
  const lines = [];
  for (const { operationId, responses } of operations) {
    /** @type {Map<string, string>} */
    const statuses = new Map();
    for (const { status, exampleNames } of responses)
      for (const name of exampleNames) if (!statuses.has(name)) statuses.set(name, status);
    if (statuses.size === 0) continue;
    lines.push(` *   ${operationId}: {`);
    for (const [name, status] of statuses) lines.push(` *     ${name}: ${status};`);
    lines.push(' *   };');
  }
  return `${HEADER}
/**
 * The named response examples of each operation, by the status each sits on: what \`fixtures\` builds, typed.
 * @typedef {{
${lines.join('\n')}
 * }} ExampleStatuses
 */

export {};
`;
}

await writeOrCheckGenerated(
  {
    file: new URL('../src/msw/example-statuses.js', import.meta.url),
    name: 'packages/mock/src/msw/example-statuses.js',
    regenerate: 'pnpm --filter @payments-connect/mock build',
  },
  () => renderExampleStatuses(loadContract().operations),
);
