// What the two files of this folder share: the emulator of the README's globalSetup, a tenant for each, the operation
// the one's fault is on and how often the other calls it.
import { afterAll, beforeAll, inject } from 'vitest';
import { connectEmulator } from '../../src/index.js';

/** The operation the fault is on, and the other file calls. */
export const FAULTED_OPERATION = 'getRfiCase';

/** How many calls the other file makes while the fault is pending: each must get its own tenant's answer. */
export const CALLS_BESIDE_THE_FAULT = 20;

/** How many calls the fault may answer: far more than both files make, so that it is still pending at the end. */
export const FAULT_TIMES = 1000;

/**
 * The emulator the globalSetup started, reached from this worker, and a tenant of the calling file's own, created
 * before its tests (with these options) and deleted after them.
 * @param {() => import('../../src/index.js').TenantOptions} [options]
 */
export function inTenantOfItsOwn(options = () => ({})) {
  const emulator = connectEmulator(inject('emulatorUrl'));
  /** @type {import('../../src/index.js').Tenant | undefined} */
  let created;
  beforeAll(async () => {
    created = await emulator.createTenant(options());
  });
  afterAll(() => created && emulator.deleteTenant(created.tenantId));
  return {
    emulator,
    tenant() {
      if (!created) throw new Error('the tenant is created before the tests: call tenant() in a test');
      return created;
    },
  };
}
