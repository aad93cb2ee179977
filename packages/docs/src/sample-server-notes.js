import { COMMAND_PORTS, DEFAULT_HOST } from '@payments-connect/contract/server';

/** The mock's URL as `npx payments-connect-mock` serves it: where a reader tries a copied sample first. */
const LOCAL_MOCK_URL = `http://${DEFAULT_HOST}:${COMMAND_PORTS.mock}`;

/**
 * What the code samples say of the URL they call. Built, they call the sandbox at the placeholder URL the spec gives
 * it, and say that it is one; on the page a mock or an emulator serves at `/_docs`, that server's URL takes the
 * placeholder's place, and the other note the first's (`served-samples.js`). Each is a whole comment's text, found and
 * replaced as it is, and fits a sample's line after `  // ` or `# `.
 */
export const SAMPLE_SERVER_NOTES = {
  placeholder: `Placeholder URL: use your sandbox's URL, or a local mock's (${LOCAL_MOCK_URL}).`,
  served: "This server's URL (it serves this page): use your sandbox's URL to call the sandbox.",
};
