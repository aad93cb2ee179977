import { createServer } from 'node:net';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEmulatorFaults } from '../src/emulator-faults.js';

describe('findEmulatorFaults', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let mock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock?.stop());

  it('finds none on a server without the control API, saying what GET /_emulator answered', async () => {
    expect(await findEmulatorFaults(mock.url)).toEqual({
      reason: `no emulator control API at ${mock.url}/_emulator (GET answered 404)`,
    });
  });

  it('fails, naming the URL and why, when the target cannot be reached', async () => {
    // A port that was free a moment ago and is closed now: the connection is refused.
    const server = createServer();
    await new Promise((listening) => server.listen(0, '127.0.0.1', () => listening(undefined)));
    const address = server.address();
    await new Promise((closed) => server.close(closed));
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await expect(findEmulatorFaults(url)).rejects.toThrow(
      `GET ${url}/_emulator failed: connection refused: nothing listens there (connect ECONNREFUSED`,
    );
  });
});
