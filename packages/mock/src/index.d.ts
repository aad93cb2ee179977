/** Options of {@link startMock}. */
export interface StartMockOptions {
  /** Port to listen on. Default `0`: a free port, read it from `url` or `port`. */
  port?: number;
  /** Interface to listen on. Default `'127.0.0.1'`. */
  host?: string;
  /** Answer with data generated from the schemas instead of the spec's named examples. Default `false`. */
  dynamic?: boolean;
  /** Seed that makes `dynamic` answers repeatable. */
  seed?: string;
  /** Path of an OpenAPI document to serve instead of the bundled `@payments-connect/openapi` one. */
  spec?: string;
  /** Reject (and end the child) when the mock does not answer within this many ms. Default 30000. */
  startTimeoutMs?: number;
}

/** A mock started by {@link startMock}. */
export interface RunningMock {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The port actually bound. */
  port: number;
  /** Process id of the mock's child process (the leader of its process group). */
  pid: number;
  /** Ends the mock's whole process tree; resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts the Payments Connect mock (Prism over the bundled spec, with the service's error envelope) in
 * a child process. Resolves once the mock answers HTTP; rejects with a readable message when the port
 * is in use, Prism refuses the spec, or the mock is not ready within `startTimeoutMs`.
 *
 * @example
 * // vitest globalSetup
 * import { startMock } from '@payments-connect/mock';
 * export default async function setup({ provide }) {
 *   const mock = await startMock();
 *   provide('paymentsConnectUrl', mock.url);
 *   return () => mock.stop();
 * }
 */
export declare function startMock(options?: StartMockOptions): Promise<RunningMock>;

/** The default of `startTimeoutMs`. */
export declare const DEFAULT_START_TIMEOUT_MS: number;
/** The CLI's default port (Prism's customary 4010). `startMock()` defaults to 0, a free port. */
export declare const DEFAULT_PORT: number;
/** The default interface, `127.0.0.1`. */
export declare const DEFAULT_HOST: string;
