/**
 * What the snapshot schema cannot say: that a snapshot was taken from this API at a version of the contract this
 * emulator reads, that its parts agree (every account a tenant's, every record, event and scoped fault an account's,
 * no id twice, the default tenant with this emulator's seed ids), and that its faults name operations of the spec.
 */
import { DEFAULT_TENANT_ID } from '../defaults.js';
import { validationFailed } from '../refusals.js';
import { COLLECTIONS, ID_FIELDS } from '../store.js';

/**
 * @typedef {object} SnapshotExpectations what a snapshot must agree with to be restored here: the emulator's spec, its
 *   `default` tenant (ids from the spec's examples) and credentials, the faults it takes; with `tenantId`, a snapshot
 *   of that tenant alone, and `heldBy`: the other tenant that has an account, credentials or a record of an id
 * @property {{ title: string, specVersion: string }} takenFrom
 * @property {import('../tenant-worlds.js').TenantState} defaultTenant
 * @property {string} clientId
 * @property {(fault: import('../fault-injector.js').FaultSpec) => string | undefined} faultProblem
 * @property {string} [tenantId]
 * @property {(kind: 'account' | 'client' | import('../store.js').CollectionName, id: string) => unknown} [heldBy]
 */

/** Refuses the snapshot, saying where (`records.rfiCases[2].record.status`) and why. @returns {never} */
export function refuse(/** @type {string} */ at, /** @type {string} */ problem) {
  const message = `the snapshot is refused at ${at}: ${problem}; the emulator's state is unchanged`;
  throw validationFailed(message, { at, problem });
}

/** @param {unknown} value a value as a message shows it: JSON, cut short */
export function show(value) {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

/** @param {any} value @param {string} path `event.accountId` */
const get = (value, path) => path.split('.').reduce((node, key) => node?.[key], value);

/**
 * Checks the references of a snapshot that holds to the schema; the first problem is refused.
 * @param {import('./snapshot-keeper.js').EmulatorSnapshot} snapshot
 * @param {SnapshotExpectations} expected
 */
export function checkReferences({ header, tenants, accounts, records, tokens, events, faults }, expected) {
  const { takenFrom: ours, defaultTenant, heldBy = () => undefined, tenantId: only } = expected;
  const { title, specVersion } = header.takenFrom;
  const version = versionProblem(specVersion, ours.specVersion);
  const named = tenants.map((tenant) => tenant.tenantId);
  if (title !== ours.title)
    refuse('header.takenFrom.title', `${show(title)} is another API than this emulator's "${ours.title}"`);
  if (version) refuse('header.takenFrom.specVersion', version);
  if (only !== undefined && named.join() !== only)
    refuse('tenants', `must hold the tenant ${only} alone, not ${named.join(', ') || 'none'}`);
  if (only === undefined && !named.includes(DEFAULT_TENANT_ID))
    refuse('tenants', `has no "${DEFAULT_TENANT_ID}" tenant`);
  /** @type {Map<string, string>} where each account of a tenant is named */
  const tenantAccounts = new Map();
  const clientIds = new Set([expected.clientId]);
  const other =
    "(its seed takes its ids from the spec's examples): the snapshot was taken from an emulator of other examples";
  for (const [index, { tenantId, accountIds, fixtures, credentials }] of tenants.entries()) {
    const at = `tenants[${index}]`;
    if (named.indexOf(tenantId) !== index) refuse(`${at}.tenantId`, `${tenantId} is there twice`);
    const parts = tenantId === DEFAULT_TENANT_ID ? Object.entries({ accountIds, fixtures }) : [];
    for (const [part, name, id] of parts.flatMap(([part, of]) => Object.entries(of).map((pair) => [part, ...pair]))) {
      const own = get(defaultTenant, `${part}.${name}`);
      if (id !== own)
        refuse(`${at}.${part}.${name}`, `is ${id}, but this emulator's default tenant has ${own} ${other}`);
    }
    for (const [role, id] of Object.entries(accountIds)) {
      const holder = tenantAccounts.get(id) ?? (heldBy('account', id) && `tenant ${heldBy('account', id)}'s`);
      if (holder) refuse(`${at}.accountIds.${role}`, `${id} is already ${holder}`);
      tenantAccounts.set(id, `${at}.accountIds.${role}`);
    }
    const clientId = credentials?.clientId ?? '';
    if (clientIds.has(clientId) || heldBy('client', clientId))
      refuse(`${at}.credentials.clientId`, `${clientId} is another tenant's already`);
    if (credentials) clientIds.add(clientId);
  }
  const known = new Set(accounts.map(({ account }) => account.accountId));
  /**
   * Each entry: its id there once (and no other tenant's record's); its account, if it names one, the snapshot's.
   * @param {string} list @param {any[]} entries @param {string} idPath @param {string} [accountPath] @param {any} [of]
   */
  const eachOnce = (list, entries, idPath, accountPath, of) => {
    const seen = new Set();
    for (const [index, entry] of entries.entries()) {
      const [at, id] = [`${list}[${index}]`, get(entry, idPath)];
      if (seen.has(id)) refuse(`${at}.${idPath}`, `${id} is there twice`);
      seen.add(id);
      if (of && heldBy(of, id)) refuse(`${at}.${idPath}`, `is tenant ${heldBy(of, id)}'s already`);
      const accountId = accountPath === undefined ? undefined : get(entry, accountPath);
      if (accountId === null && only !== undefined)
        refuse(`${at}.${accountPath}`, "is null, but a tenant's snapshot holds only the faults scoped to it");
      if (accountId !== undefined && accountId !== null && !known.has(accountId))
        refuse(`${at}.${accountPath}`, `${show(accountId)} is no account of the snapshot`);
    }
  };
  eachOnce('accounts', accounts, 'account.accountId');
  for (const [index, { account }] of accounts.entries()) {
    const stray = `${account.accountId} is the account of no tenant of the snapshot`;
    if (!tenantAccounts.delete(account.accountId)) refuse(`accounts[${index}].account.accountId`, stray);
  }
  for (const [accountId, where] of tenantAccounts) refuse(where, `${accountId} is not among the snapshot's accounts`);
  for (const name of COLLECTIONS)
    eachOnce(`records.${name}`, records[name], `record.${ID_FIELDS[name]}`, 'accountId', name);
  for (const [index, { record }] of records.rfiCases.entries()) {
    eachOnce(`records.rfiCases[${index}].record.questions`, record.questions, 'questionId');
    eachOnce(`records.rfiCases[${index}].record.documentRequests`, record.documentRequests, 'documentRequestId');
  }
  eachOnce('tokens', tokens, 'token');
  eachOnce('events', events, 'event.id', 'event.accountId');
  eachOnce('faults', faults, 'faultId', 'accountId');
  for (const [index, fault] of faults.entries()) {
    const problem = expected.faultProblem({ ...fault, accountId: fault.accountId ?? undefined });
    if (problem !== undefined) refuse(`faults[${index}]`, problem);
  }
}

/**
 * Why a snapshot of another version of the contract cannot be restored here: only the same or an earlier one of the
 * same major version can (every package moves the spec's version together, so a release of another must not make
 * every snapshot a user keeps unreadable; within a major version the contract only adds). @returns {string | undefined}
 * @param {string} theirs @param {string} ours
 */
function versionProblem(theirs, ours) {
  const [their, our] = [theirs, ours].map((v) => /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(v)?.slice(1).map(Number));
  if (theirs === ours) return undefined;
  if (!their || !our) return `${show(theirs)} is another version of the contract than this emulator's "${ours}"`;
  if (their[0] !== our[0])
    return `${theirs} is another major version of the contract than ${ours}: its records may not mean what they meant`;
  if (their[1] * 1e6 + their[2] <= our[1] * 1e6 + our[2]) return undefined;
  return `${theirs} is later than this emulator's contract ${ours}: restore it with an emulator of ${theirs} or later`;
}
