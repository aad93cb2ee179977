// The fixtures are what the clients write: each client this machine has uploads the invoice again, to a capturing
// server on 127.0.0.1, and its body must be its fixture's, byte for byte but for the boundary it draws anew. A client
// this machine lacks, or has in another version than the fixture's, is not compared, and the test says why in its
// title and on stderr: never a silent pass.
import { describe, expect, it } from 'vitest';
import { captureBody } from '../src/capture-body.js';
import { loadClientBodies, withoutBoundary } from '../src/client-bodies.js';
import { CLIENTS } from '../src/clients.js';

const FIXTURES = new Map(loadClientBodies().map((fixture) => [fixture.id, fixture]));
const RECAPTURE = 'pnpm --filter @payments-connect/multipart-clients run capture';

describe('each fixture is what its client writes today', () => {
  for (const client of CLIENTS) {
    const fixture = /** @type {import('../src/client-bodies.js').ClientBody} */ (FIXTURES.get(client.id));
    const found = client.find();
    const why =
      'missing' in found
        ? found.missing
        : found.version === fixture.client
          ? undefined
          : `${found.version} here, the fixture is ${fixture.client}'s: \`${RECAPTURE} ${client.id}\` writes it anew`;
    if (why !== undefined || 'missing' in found) {
      console.warn(`[multipart-clients] ${client.id}: not compared: ${why}`);
      it.skip(`${client.id}: not compared: ${why}`, () => {});
      continue;
    }
    it(`${client.id} (${found.version})`, { timeout: 180_000 }, async () => {
      const captured = await captureBody(found);
      expect(
        withoutBoundary(captured),
        `${client.id} writes another body than its fixture: \`${RECAPTURE} ${client.id}\` and review the diff`,
      ).toEqual(withoutBoundary(fixture));
    });
  }
});

describe('withoutBoundary', () => {
  it('writes the boundary, quoted or not, as {boundary} in the type and the body alike', () => {
    const body = Buffer.from('--a:b c\r\nx\r\n--a:b c--\r\n');
    expect(withoutBoundary({ contentType: 'multipart/form-data; boundary="a:b c"', body })).toEqual({
      contentType: 'multipart/form-data; boundary="{boundary}"',
      body: '--{boundary}\r\nx\r\n--{boundary}--\r\n',
    });
  });
});
