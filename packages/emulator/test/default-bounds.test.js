// The emulator's default bounds at full size, which only `test:stress` runs (vitest.config.ts): 1,000 tenants besides
// `default`, and 1,000 faults pending at once. The bounds as options are proven with small ones in tenants.test.js and
// faults.test.js.
import { describe, expect, it } from 'vitest';
import { MAX_PENDING_FAULTS } from '../src/defaults.js';
import { MAX_TENANTS } from '../src/index.js';
import { useEmulator } from './support/use-emulator.js';

describe('an emulator with its default bounds', () => {
  const ctx = useEmulator();
  const { control } = ctx;

  it(`refuses a tenant past the ${MAX_TENANTS}th`, async () => {
    // In-process and 20 at a time with a turn of the event loop between: a thousand in one block (7 s on a loaded
    // machine) would hold this process's timers past the keep-alive timeout, and the next request would meet its
    // pooled connection being closed.
    for (let created = 0; created < MAX_TENANTS; created += 1) {
      ctx.emulator.control.createTenant();
      if (created % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
    }
    const refused = await control('POST', '/tenants');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`${MAX_TENANTS} tenants exist already`);
  });

  it(`holds at most ${MAX_PENDING_FAULTS} pending faults`, async () => {
    for (let fault = 0; fault < MAX_PENDING_FAULTS; fault += 1)
      ctx.emulator.control.injectFault({ operationId: 'listWebhooks', status: 500 });
    const refused = await control('POST', '/faults', { operationId: 'listWebhooks', status: 500 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`${MAX_PENDING_FAULTS} faults are pending already`);
  });
});
