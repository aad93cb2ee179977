/**
 * Takes the emulator's state as a snapshot, of every tenant or of one, and puts one back: the state, never the calls
 * that made it (a restored emulator delivers no webhook again). A snapshot is checked whole before anything changes:
 * its header, then the format's JSON Schema, then what a schema cannot say. One refused leaves all as it was.
 */
import { emulatorRouteLabel } from '../control-routes.js';
import { inOrder } from '../event-log.js';
import { COLLECTIONS } from '../store.js';
import { checkReferences, refuse, show } from './snapshot-references.js';

/** The name of the snapshot format, in every snapshot's header: what a restore checks first. */
export const STATE_FORMAT = 'payments-connect-emulator-state';
/** The version of the format this emulator writes and reads; a snapshot of another is refused, never guessed at. */
export const STATE_FORMAT_VERSION = 1;

/**
 * @typedef {object} StateHeader what a snapshot is, when (on the emulator's clock; a tenant's: the tenant's) and whence
 * @property {string} format always {@link STATE_FORMAT}
 * @property {number} version {@link STATE_FORMAT_VERSION}
 * @property {string} takenAt ISO 8601
 * @property {{ title: string, specVersion: string }} takenFrom the spec served: its `info.title` and `info.version`
 * @property {string} [note] words for a reader (the shipped snapshots say what they hold); never read
 */

/**
 * @typedef {object} EmulatorSnapshot what calls can change, of the whole emulator or of one tenant (then it holds that
 *   tenant alone), as `GET /_emulator/state` and `GET /_emulator/tenants/{tenantId}/state` answer it: JSON that
 *   `snapshot-schema.js` describes (the published `snapshot.schema.json`). Not the journal (requests, not state), nor
 *   the configuration (the options).
 * @property {StateHeader} header
 * @property {{ advancedSeconds: number }} clock how far the emulator's clock had been moved
 * @property {import('../tenant-worlds.js').TenantState[]} tenants `default` first, then those created, in order
 * @property {import('../store.js').AccountEntry[]} accounts every account of its tenants, with its business profile
 * @property {import('../store.js').StoreData['collections']} records every record, with its account, in API order
 * @property {import('../token-issuer.js').IssuedToken[]} tokens every token issued for its tenants
 * @property {import('../event-log.js').EventRecord[]} events every event recorded, with its delivery state
 * @property {import('../fault-injector.js').Fault[]} faults the faults still pending (a tenant's: those scoped to it)
 */

/** @typedef {{ restored: true, header: StateHeader }} StateRestored what a restore answers */
/** @typedef {import('../store.js').StoreData} StoreData */

/**
 * @param {{ worlds: import('../tenant-worlds.js').TenantWorlds, tokens: import('../token-issuer.js').TokenIssuer,
 *   faults: import('../fault-injector.js').FaultInjector, clock: import('../emulator-clock.js').EmulatorClock,
 *   checkShape: ReturnType<typeof import('@payments-connect/contract').compileJsonSchema>,
 *   expected: Omit<import('./snapshot-references.js').SnapshotExpectations, 'tenantId' | 'heldBy'> }} deps
 *   `checkShape`: the format's schema, compiled by the contract's Ajv
 */
export function createSnapshotKeeper({ worlds, tokens, faults, clock, checkShape, expected }) {
  /** @param {unknown} snapshot @param {string} [tenantId] of this tenant alone @returns {EmulatorSnapshot} a copy */
  function check(snapshot, tenantId) {
    let root;
    try {
      root = JSON.parse(JSON.stringify(snapshot) ?? 'undefined');
    } catch {
      refuse('(root)', 'is no JSON value');
    }
    const header = root?.header ?? {};
    if (!isObject(root))
      refuse('(root)', `must be a JSON object, as ${emulatorRouteLabel('state')} answers it, got ${show(root)}`);
    if (!isObject(root.header)) refuse('header', `must be an object naming the format, got ${show(root.header)}`);
    if (header.format !== STATE_FORMAT)
      refuse('header.format', `is ${show(header.format)}, not "${STATE_FORMAT}": this is no snapshot of the emulator`);
    const reads = `is no version this emulator reads (it reads ${STATE_FORMAT_VERSION})`;
    if (header.version !== STATE_FORMAT_VERSION) refuse('header.version', `${show(header.version)} ${reads}`);
    const [issue] = checkShape(root);
    if (issue) {
      const keys = issue.path.split('/').slice(1);
      const at = keys.reduce((path, key) => path + (/^\d+$/.test(key) ? `[${key}]` : `.${key}`), '').slice(1);
      const value = keys.reduce((node, key) => node?.[key], root);
      // A record of an earlier contract may lack what a later one requires: say so, and what to do.
      const taken = header.takenFrom?.specVersion;
      const earlier =
        /^(records|accounts)\b/.test(at) && taken !== expected.takenFrom.specVersion
          ? ` (the snapshot was taken from contract ${taken}, this emulator serves ${expected.takenFrom.specVersion}` +
            ' and holds records to its schemas: take the snapshot again with this emulator)'
          : '';
      if (issue.keyword === 'required') refuse(at, `is missing${earlier}`);
      if (issue.keyword === 'additionalProperties') refuse(at, `is no part of the format (${issue.expected})`);
      if (issue.keyword === 'maxItems') refuse(at, `holds ${value.length} entries, at most ${issue.expected}`);
      // The format's parts say what they want (`description`); the spec's schemas, copied without words, Ajv's message.
      const wanted = issue.description === undefined ? issue.message : `must be ${issue.description}`;
      refuse(at || '(root)', `${wanted}, got ${show(value)}${earlier}`);
    }
    // Restored in a tenant's place, it may take no account, credentials or record id another tenant has.
    /** @type {import('./snapshot-references.js').SnapshotExpectations['heldBy']} */
    const heldBy = (kind, id) => worlds.holderOf(kind, id, tenantId)?.tenantId;
    checkReferences(root, { ...expected, tenantId, heldBy: tenantId === undefined ? undefined : heldBy });
    return root;
  }

  return {
    /**
     * Replaces the whole state with a snapshot's, or one tenant's world with a snapshot of it (a tenant not there is
     * created under its id), checked whole first: refused, 400 says where (`details`: `{ at, problem }`) and nothing
     * changed. A tenant's restore keeps the tokens of the tenant live at the time, unless `keepLiveTokens` is false:
     * a service under test keeps working with the token it holds.
     * @param {unknown} snapshot @param {string} [tenantId] @param {{ keepLiveTokens?: boolean }} [options]
     * @returns {StateRestored}
     */
    restore(snapshot, tenantId, { keepLiveTokens = true } = {}) {
      const checked = check(snapshot, tenantId);
      const previous = tenantId === undefined ? undefined : worlds.all().find((world) => world.tenantId === tenantId);
      const live = [...(keepLiveTokens ? (previous?.tokens ?? []) : [])].filter(
        ([, at]) => at > Number(previous?.now()),
      );
      const scope = Object.values(previous?.accountIds ?? {});
      if (tenantId === undefined) {
        worlds.dropCreated(
          `was dropped by ${emulatorRouteLabel('restoreState')}: the snapshot restored does not hold it`,
        );
        clock.advancedMs = Math.round(checked.clock.advancedSeconds * 1000);
      }
      for (const state of checked.tenants) {
        const own = new Set(Object.values(state.accountIds));
        scope.push(...own);
        const records = COLLECTIONS.map((name) => [name, checked.records[name].filter((e) => own.has(e.accountId))]);
        const accounts = checked.accounts.filter(({ account }) => own.has(account.accountId));
        // The advance, not the time: the time that passed since the snapshot counts, as it does for the service.
        const advancedMs = (state.clock?.advancedSeconds ?? checked.clock.advancedSeconds) * 1000;
        const data = { accounts, collections: /** @type {StoreData['collections']} */ (Object.fromEntries(records)) };
        const world = worlds.install(state, data, advancedMs - clock.advancedMs);
        world.events.restore(checked.events.filter(({ event }) => own.has(event.accountId)));
      }
      tokens.restore(checked.tokens.filter((token) => tenantId === undefined || token.tenantId === tenantId));
      // Over the snapshot's: a token the tenant held live goes on as it was.
      for (const [token, expiresAt] of live) worlds.keepToken(worlds.find(String(tenantId)), token, expiresAt);
      faults.restore(checked.faults, tenantId === undefined ? undefined : scope);
      return { restored: true, header: checked.header };
    },

    /**
     * The state as it stands, of every tenant or of one (a delivery under way is `pending`: the control API waits).
     * @param {string} [tenantId]
     * @returns {EmulatorSnapshot}
     */
    take(tenantId) {
      const chosen = tenantId === undefined ? worlds.all() : [worlds.find(tenantId)];
      const scope = tenantId === undefined ? undefined : chosen.flatMap((world) => Object.values(world.accountIds));
      const stores = chosen.map((world) => world.store.snapshot());
      const records = COLLECTIONS.map((name) => [name, stores.flatMap((store) => [...store.collections[name]])]);
      const takenAt = new Date(tenantId === undefined ? clock.now() : worlds.find(tenantId).now()).toISOString();
      return {
        header: { format: STATE_FORMAT, version: STATE_FORMAT_VERSION, takenAt, takenFrom: { ...expected.takenFrom } },
        clock: { advancedSeconds: clock.advancedMs / 1000 },
        tenants: chosen.map(worlds.stateOf),
        accounts: stores.flatMap((store) => store.accounts),
        records: /** @type {EmulatorSnapshot['records']} */ (Object.fromEntries(records)),
        tokens: tokens.snapshot(tenantId),
        events: inOrder(chosen.map((world) => world.events.logged())),
        faults: faults.list(scope),
      };
    },
  };
}

/** @typedef {ReturnType<typeof createSnapshotKeeper>} SnapshotKeeper */

/** @param {unknown} value a JSON object, not an array */
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
