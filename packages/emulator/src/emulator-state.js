import { RefusalError } from '@payments-connect/contract/server';
import { readStateFile } from './state-file.js';
import { checkStateSnapshot, STATE_FORMAT, STATE_FORMAT_VERSION } from './state-snapshot.js';

/**
 * @typedef {import('./state-snapshot.js').EmulatorState} EmulatorState
 * @typedef {import('./state-snapshot.js').StateHeader} StateHeader
 */

/**
 * @typedef {object} StateRestored what a restore answers
 * @property {true} restored
 * @property {StateHeader} header the header of the snapshot now in place
 */

/**
 * @typedef {object} EmulatorStateDeps
 * @property {import('@payments-connect/contract').Contract} contract what a snapshot must have been taken from
 * @property {import('./store.js').Store} store
 * @property {import('./token-issuer.js').TokenIssuer} tokens
 * @property {import('./event-bus.js').EventBus} events
 * @property {import('./fault-injector.js').FaultInjector} faults
 * @property {import('./tenant-registry.js').TenantRegistry} tenants
 * @property {import('./emulator-clock.js').EmulatorClock} clock
 * @property {string} clientId the configured credentials' (the `default` tenant's)
 */

/**
 * Takes the emulator's state as a snapshot and puts one back: the state itself, never the calls that made it (a
 * snapshot replays nothing, so a restored emulator delivers no webhook again). A snapshot is checked whole before
 * anything changes, so one refused leaves the emulator as it was.
 * @param {EmulatorStateDeps} deps
 */
export function createEmulatorState({ contract, store, tokens, events, faults, tenants, clock, clientId }) {
  const info = contract.document.info ?? {};
  const takenFrom = { title: String(info.title), specVersion: String(info.version) };
  const expected = {
    contract,
    takenFrom,
    defaultTenant: tenants.snapshot()[0],
    clientId,
    maxTenants: tenants.max,
    maxPendingFaults: faults.maxPending,
  };

  /**
   * Replaces the whole state with a snapshot's, once every part of it is checked.
   * @param {unknown} snapshot
   * @returns {StateRestored}
   * @throws {import('@payments-connect/contract/server').RefusalError} 400 naming the problem and where in the
   *   snapshot it is (`details`: `{ at, problem }`); nothing was changed
   */
  function restore(snapshot) {
    const state = checkStateSnapshot(snapshot, expected);
    store.reset({ accounts: state.accounts, collections: state.records });
    tenants.restore(state.tenants);
    tokens.restore(state.tokens);
    events.restore(state.events);
    faults.restore(state.faults);
    // The advance, not the time: time that passed since the snapshot counts, as it does for the service (a token
    // issued an hour before is expired).
    clock.advancedMs = Math.round(state.clock.advancedSeconds * 1000);
    return { restored: true, header: state.header };
  }

  return {
    /**
     * The state as it stands (a webhook delivery under way is recorded `pending`: `state()` of the control API waits
     * for them first).
     * @returns {EmulatorState}
     */
    take() {
      const { accounts, collections } = store.snapshot();
      return {
        header: {
          format: STATE_FORMAT,
          version: STATE_FORMAT_VERSION,
          takenAt: new Date(clock.now()).toISOString(),
          takenFrom: { ...takenFrom },
        },
        clock: { advancedSeconds: clock.advancedMs / 1000 },
        tenants: tenants.snapshot(),
        accounts,
        records: collections,
        tokens: tokens.snapshot(),
        events: events.list(),
        faults: faults.list(),
      };
    },
    restore,
    /**
     * Restores the snapshot `startEmulator({ state })` names, before the emulator listens.
     * @param {EmulatorState | string | URL} option the snapshot, or the path of a file holding one
     * @throws {TypeError} for a file that holds no JSON or a snapshot refused, naming the problem and where it is
     * @throws {Error} for a file that cannot be read
     */
    load(option) {
      const file = typeof option === 'string' || option instanceof URL ? option : undefined;
      try {
        restore(file === undefined ? option : readStateFile(file));
      } catch (error) {
        if (!(error instanceof RefusalError)) throw error;
        const { at, problem } = /** @type {{ at: string, problem: string }} */ (error.details);
        const source = file === undefined ? 'the state option' : `the state snapshot ${file}`;
        throw new TypeError(`${source} is refused at ${at}: ${problem}`);
      }
    },
  };
}

/** @typedef {ReturnType<typeof createEmulatorState>} EmulatorStateKeeper */
