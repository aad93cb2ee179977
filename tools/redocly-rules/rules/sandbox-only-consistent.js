import { operationLabel, visitPathOperations } from '../lib/path-operations.js';

/**
 * @typedef {import('../lib/visitor-types.js').Server} Server
 * @typedef {import('../lib/visitor-types.js').Visitor} Visitor
 */

/** The extension that marks an operation as existing only in sandbox (documented in spec/README.md). */
const SANDBOX_ONLY = 'x-sandbox-only';
/** Section 9: the sandbox is at `{sandbox_base_url}`. */
const DEFAULT_SANDBOX_SERVER_URL = '{sandbox_base_url}';

/**
 * `payments-connect/sandbox-only-consistent`: the two ways a sandbox-only operation is marked agree.
 * An operation with `x-sandbox-only: true` has operation-level `servers` listing only the sandbox
 * server; an operation whose servers (operation- or path-level) are only the sandbox carries
 * `x-sandbox-only: true`. Tools read the extension; generic OpenAPI tools read `servers`.
 *
 * @param {{ sandboxServerUrl?: string }} [options] url of the sandbox server (default `{sandbox_base_url}`)
 * @returns {Visitor}
 */
export default function SandboxOnlyConsistent({ sandboxServerUrl = DEFAULT_SANDBOX_SERVER_URL } = {}) {
  /** @param {Server[] | undefined} servers */
  const onlySandbox = (servers) =>
    Array.isArray(servers) && servers.length > 0 && servers.every((server) => server?.url === sandboxServerUrl);

  return visitPathOperations((pathOperation) => {
    const { operation, pathItem, ctx } = pathOperation;
    const label = operationLabel(pathOperation);
    const flag = operation[SANDBOX_ONLY];

    if (flag !== undefined && typeof flag !== 'boolean') {
      ctx.report({
        message:
          `${label} has ${SANDBOX_ONLY}: ${JSON.stringify(flag)}: ` +
          'use the boolean true, or leave the extension out.',
        location: ctx.location.child(SANDBOX_ONLY),
      });
      return;
    }

    if (flag === true) {
      if (operation.servers === undefined) {
        ctx.report({
          message:
            `${label} is marked ${SANDBOX_ONLY} but has no operation-level servers: ` +
            `add servers listing only the sandbox server (url ${sandboxServerUrl}).`,
          location: ctx.location.child(SANDBOX_ONLY).key(),
        });
      } else if (!onlySandbox(operation.servers)) {
        const others = operation.servers.map((server) => server?.url).filter((url) => url !== sandboxServerUrl);
        ctx.report({
          message:
            `${label} is marked ${SANDBOX_ONLY} but its servers also list ${others.join(', ') || 'nothing usable'}: ` +
            `keep only the sandbox server (url ${sandboxServerUrl}).`,
          location: ctx.location.child('servers').key(),
        });
      }
      return;
    }

    const operationServers = operation.servers !== undefined;
    if (onlySandbox(operationServers ? operation.servers : pathItem.servers)) {
      ctx.report({
        message:
          `${label} is served only by the sandbox (url ${sandboxServerUrl}) but is not marked: ` +
          `add ${SANDBOX_ONLY}: true so that tools can tell.`,
        location: operationServers
          ? ctx.location.child('servers').key()
          : ctx.parentLocations.PathItem.child('servers').key(),
      });
    }
  });
}
