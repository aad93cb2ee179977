import { loadContract } from '@payments-connect/contract';

/**
 * The contract of the bundled spec, read once per process: the seed reads its ids from its examples, and every
 * emulator started without a spec of its own serves it. Sharing it is safe because a contract keeps nothing of a
 * server, only what it derives from its document (the schema validators it compiled on first use).
 * @type {import('@payments-connect/contract').Contract}
 */
export const bundledContract = loadContract();
