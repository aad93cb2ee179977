import AccountIdOnV1 from './rules/account-id-on-v1.js';
import DocumentedErrorSet from './rules/documented-error-set.js';
import ErrorEnvelope from './rules/error-envelope.js';
import PathUuidParams from './rules/path-uuid-params.js';
import SandboxOnlyConsistent from './rules/sandbox-only-consistent.js';

/**
 * Redocly CLI plugin with the conventions of the Payments Connect spec. Load it from `redocly.yaml`
 * (`plugins: [path/to/index.js]`) and enable its rules as `payments-connect/<rule>`.
 * @returns {{
 *   id: string,
 *   rules: { oas3: Record<string, import('./lib/visitor-types.js').Rule> },
 * }}
 */
export default function paymentsConnectPlugin() {
  return {
    id: 'payments-connect',
    rules: {
      oas3: {
        'account-id-on-v1': AccountIdOnV1,
        'documented-error-set': DocumentedErrorSet,
        'error-envelope': ErrorEnvelope,
        'sandbox-only-consistent': SandboxOnlyConsistent,
        'path-uuid-params': PathUuidParams,
      },
    },
  };
}
