import { emulatorRouteLabel } from './control-routes.js';
import { UPPER_CASE_WORD } from './controller.js';
import { DEFAULT_TENANT_ID } from './defaults.js';
import { EVENT_DESIGNED_BY, EVENT_TYPES } from './event-bus.js';
import { faultProblem } from './fault-injector.js';
import { UUID_PATTERN } from './random-source.js';
import { validationFailed } from './refusals.js';
import { RFI_CASE_STATUSES } from './seed.js';
import { COLLECTIONS, ID_FIELDS } from './store.js';
import { TOKEN_PATTERN } from './token-issuer.js';

/**
 * @typedef {import('@payments-connect/contract/server').RefusalError} RefusalError
 */

/** The name of the snapshot format, in every snapshot's header: what `PUT /_emulator/state` checks first. */
export const STATE_FORMAT = 'payments-connect-emulator-state';

/** The version of the format this emulator writes and reads; a snapshot of another is refused, never guessed at. */
export const STATE_FORMAT_VERSION = 1;

/**
 * @typedef {object} StateHeader what a snapshot is, when and from what it was taken
 * @property {string} format always {@link STATE_FORMAT}
 * @property {number} version the format's version, {@link STATE_FORMAT_VERSION}
 * @property {string} takenAt the emulator's time when it was taken (ISO 8601, on its clock)
 * @property {{ title: string, specVersion: string }} takenFrom the spec the emulator served: its `info.title` and
 *   `info.version`
 * @property {string} [note] words for a reader (the shipped snapshots say what situation they hold); never read
 */

/**
 * @typedef {object} EmulatorState a snapshot of everything an emulator holds that calls can change, as
 *   `GET /_emulator/state` answers it and `PUT /_emulator/state` takes it: a JSON object. Not in it: the request
 *   journal and the violations (they record requests and answers, not state), and the configuration (port, token
 *   lifetime, strict, webhook URL, the `default` tenant's credentials).
 * @property {StateHeader} header
 * @property {{ advancedSeconds: number }} clock how far the clock had been moved
 * @property {import('./tenant-registry.js').TenantState[]} tenants `default` first, then those created, in order
 * @property {import('./seed.js').SeedData['accounts']} accounts every account of every tenant, with its business
 *   profile
 * @property {import('./seed.js').SeedData['collections']} records every record of every collection, each with the
 *   account it belongs to, in the order the API lists them
 * @property {import('./token-issuer.js').IssuedToken[]} tokens every token issued, live or expired
 * @property {import('./event-bus.js').EventRecord[]} events every event recorded, with its delivery state
 * @property {import('./fault-injector.js').Fault[]} faults the faults still pending, as `GET /_emulator/faults` lists
 *   them
 */

/**
 * @typedef {object} StateExpectations what a snapshot must agree with to be restored into an emulator
 * @property {import('@payments-connect/contract').Contract} contract the operations a pending fault may name
 * @property {{ title: string, specVersion: string }} takenFrom the emulator's own spec (`info.title`, `info.version`)
 * @property {import('./tenant-registry.js').TenantState} defaultTenant the emulator's `default` tenant: its ids come
 *   from the spec's examples, and a snapshot must have the same
 * @property {string} clientId the configured credentials' (the `default` tenant's), which no other tenant may take
 * @property {number} maxTenants how many tenants the emulator holds besides the default
 * @property {number} maxPendingFaults how many faults the emulator holds pending at once
 */

/** The parts of a snapshot, in the order it lists them. */
const STATE_PARTS = ['header', 'clock', 'tenants', 'accounts', 'records', 'tokens', 'events', 'faults'];

/** The states a recorded event's delivery may be in. */
const DELIVERY_STATES = ['not-configured', 'pending', 'delivered', 'failed'];

/** The longest note a header may carry. */
const MAX_NOTE_LENGTH = 2000;

/**
 * Checks a snapshot whole, before anything is restored from it: that it is one (format, version), that it was taken
 * from this contract or an earlier one of the same major version, and that every part has the form the emulator
 * writes and agrees with the others (records belong to accounts that exist, the accounts to tenants, ids are UUIDs,
 * faults name operations of the spec). The first problem found is refused with where it is.
 * @param {unknown} snapshot
 * @param {StateExpectations} expected
 * @returns {EmulatorState} a copy of the snapshot, to be restored as it is
 * @throws {RefusalError} 400 VALIDATION_FAILED naming the problem and where it is in the snapshot (`details`:
 *   `{ at, problem }`)
 */
export function checkStateSnapshot(snapshot, expected) {
  const root = record(jsonCopyOf(snapshot), '(root)', `a JSON object, as ${emulatorRouteLabel('state')} answers it`);
  checkHeader(root.header, expected);
  exactKeys(root, '(root)', STATE_PARTS);
  const state = /** @type {EmulatorState} */ (root);
  const clock = record(state.clock, 'clock');
  exactKeys(clock, 'clock', ['advancedSeconds']);
  const { advancedSeconds } = clock;
  if (typeof advancedSeconds !== 'number' || !Number.isFinite(advancedSeconds) || advancedSeconds < 0)
    refuse('clock.advancedSeconds', `must be a number of seconds from 0, got ${show(advancedSeconds)}`);
  const tenantAccounts = checkTenants(state.tenants, expected);
  const accounts = checkAccounts(state.accounts, tenantAccounts);
  checkRecords(state.records, accounts);
  checkTokens(state.tokens);
  checkEvents(state.events, accounts);
  checkFaults(state.faults, accounts, expected);
  return state;
}

/**
 * @param {unknown} value
 * @param {StateExpectations} expected
 */
function checkHeader(value, { takenFrom: own }) {
  const header = record(value, 'header', 'an object naming the format');
  if (header.format !== STATE_FORMAT)
    refuse('header.format', `is ${show(header.format)}, not "${STATE_FORMAT}": this is no snapshot of the emulator`);
  if (header.version !== STATE_FORMAT_VERSION) {
    refuse(
      'header.version',
      `${show(header.version)} is no version this emulator reads (it reads ${STATE_FORMAT_VERSION})`,
    );
  }
  exactKeys(header, 'header', ['format', 'version', 'takenAt', 'takenFrom'], ['note']);
  isoTime(header.takenAt, 'header.takenAt');
  if (header.note !== undefined && (typeof header.note !== 'string' || header.note.length > MAX_NOTE_LENGTH))
    refuse('header.note', `must be a string of at most ${MAX_NOTE_LENGTH} characters`);
  const from = record(header.takenFrom, 'header.takenFrom', 'an object with title and specVersion');
  exactKeys(from, 'header.takenFrom', ['title', 'specVersion']);
  if (from.title !== own.title)
    refuse('header.takenFrom.title', `${show(from.title)} is another API than this emulator's "${own.title}"`);
  const problem = versionProblem(from.specVersion, own.specVersion);
  if (problem !== undefined) refuse('header.takenFrom.specVersion', problem);
}

/**
 * Why a snapshot taken from one version of the contract cannot be restored by an emulator of another, if it cannot.
 * The same major version or earlier: every package of the repository moves the spec's version together, so a
 * release of another package must not make every snapshot a user keeps unreadable; within a major version the
 * contract only adds, so what an earlier one recorded still holds. A later one may hold what this emulator does not
 * know, and another major version may mean other things by the same fields.
 * @param {unknown} theirs
 * @param {string} ours
 * @returns {string | undefined}
 */
function versionProblem(theirs, ours) {
  if (typeof theirs !== 'string') return `must be the spec's info.version, got ${show(theirs)}`;
  if (theirs === ours) return undefined;
  const [their, our] = [theirs, ours].map(versionParts);
  if (their === undefined || our === undefined)
    return `${show(theirs)} is another version of the contract than this emulator's "${ours}"`;
  if (their[0] !== our[0]) {
    return (
      `${theirs} is another major version of the contract than this emulator's ${ours}: ` +
      'its records may not mean what they meant'
    );
  }
  const later = their[1] > our[1] || (their[1] === our[1] && their[2] > our[2]);
  return later
    ? `${theirs} is later than this emulator's contract ${ours}: restore it with an emulator of ${theirs} or later`
    : undefined;
}

/** @param {string} version @returns {[number, number, number] | undefined} major, minor and patch */
function versionParts(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/**
 * @param {unknown} value
 * @param {StateExpectations} expected
 * @returns {Map<string, string>} where each account of a tenant is named, by account id
 */
function checkTenants(value, { defaultTenant, clientId, maxTenants }) {
  const tenants = list(value, 'tenants', maxTenants + 1);
  /** @type {Map<string, string>} */
  const accounts = new Map();
  const tenantIds = new Set();
  const clientIds = new Set([clientId]);
  for (const [index, item] of tenants.entries()) {
    const at = `tenants[${index}]`;
    const tenant = record(item, at);
    exactKeys(tenant, at, ['tenantId', 'accountIds', 'fixtures'], ['credentials']);
    const { tenantId } = tenant;
    if (tenantId !== DEFAULT_TENANT_ID) uuid(tenantId, `${at}.tenantId`, `"${DEFAULT_TENANT_ID}" or a UUID`);
    if (tenantIds.has(tenantId)) refuse(`${at}.tenantId`, `${tenantId} is there twice`);
    tenantIds.add(tenantId);
    const isDefault = tenantId === DEFAULT_TENANT_ID;
    for (const [part, like] of /** @type {const} */ ([
      ['accountIds', defaultTenant.accountIds],
      ['fixtures', defaultTenant.fixtures],
    ])) {
      const ids = record(tenant[part], `${at}.${part}`);
      exactKeys(ids, `${at}.${part}`, Object.keys(like));
      for (const [name, id] of Object.entries(ids)) {
        uuid(id, `${at}.${part}.${name}`);
        const own = /** @type {Record<string, string>} */ (like)[name];
        if (isDefault && id !== own) {
          refuse(
            `${at}.${part}.${name}`,
            `is ${id}, but this emulator's ${DEFAULT_TENANT_ID} tenant has ${own} (its seed takes its ids from the ` +
              "spec's examples): the snapshot was taken from an emulator of other examples",
          );
        }
        if (part !== 'accountIds') continue;
        if (accounts.has(id)) refuse(`${at}.${part}.${name}`, `${id} is already ${accounts.get(id)}`);
        accounts.set(id, `${at}.${part}.${name}`);
      }
    }
    if (isDefault) {
      if (tenant.credentials !== undefined) {
        refuse(
          `${at}.credentials`,
          `the ${DEFAULT_TENANT_ID} tenant's credentials are the emulator's configured ones, never a snapshot's`,
        );
      }
      continue;
    }
    const credentials = record(tenant.credentials, `${at}.credentials`, "the tenant's { clientId, clientSecret }");
    exactKeys(credentials, `${at}.credentials`, ['clientId', 'clientSecret']);
    for (const name of ['clientId', 'clientSecret']) text(credentials[name], `${at}.credentials.${name}`);
    if (clientIds.has(credentials.clientId))
      refuse(`${at}.credentials.clientId`, `${credentials.clientId} is another tenant's already`);
    clientIds.add(credentials.clientId);
  }
  if (!tenantIds.has(DEFAULT_TENANT_ID)) refuse('tenants', `has no "${DEFAULT_TENANT_ID}" tenant`);
  return accounts;
}

/**
 * @param {unknown} value
 * @param {Map<string, string>} tenantAccounts
 * @returns {Set<string>} the account ids
 */
function checkAccounts(value, tenantAccounts) {
  const accounts = new Set();
  for (const [index, item] of list(value, 'accounts').entries()) {
    const at = `accounts[${index}]`;
    const entry = record(item, at);
    exactKeys(entry, at, ['account'], ['businessProfile']);
    const account = record(entry.account, `${at}.account`);
    const { accountId } = account;
    uuid(accountId, `${at}.account.accountId`);
    if (accounts.has(accountId)) refuse(`${at}.account.accountId`, `${accountId} is there twice`);
    if (!tenantAccounts.has(accountId))
      refuse(`${at}.account.accountId`, `${accountId} is the account of no tenant of the snapshot`);
    accounts.add(accountId);
    if (entry.businessProfile !== undefined) record(entry.businessProfile, `${at}.businessProfile`);
  }
  for (const [accountId, where] of tenantAccounts) {
    if (!accounts.has(accountId)) refuse(where, `${accountId} is not among the snapshot's accounts`);
  }
  return accounts;
}

/**
 * @param {unknown} value
 * @param {Set<string>} accounts
 */
function checkRecords(value, accounts) {
  const records = record(value, 'records', `an object of ${COLLECTIONS.join(', ')}`);
  exactKeys(records, 'records', COLLECTIONS);
  for (const name of COLLECTIONS) {
    const idField = ID_FIELDS[name];
    const ids = new Set();
    for (const [index, item] of list(records[name], `records.${name}`).entries()) {
      const at = `records.${name}[${index}]`;
      const entry = record(item, at);
      exactKeys(entry, at, ['accountId', 'record']);
      if (!accounts.has(entry.accountId))
        refuse(`${at}.accountId`, `${show(entry.accountId)} is no account of the snapshot`);
      const owned = record(entry.record, `${at}.record`);
      const id = owned[idField];
      uuid(id, `${at}.record.${idField}`);
      if (ids.has(id)) refuse(`${at}.record.${idField}`, `${id} is there twice`);
      ids.add(id);
      if (name === 'rfiCases') checkRfiCase(owned, `${at}.record`);
      if (name === 'paymentRequests') {
        for (const field of ['executionMode', 'status']) {
          const word = owned[field];
          if (typeof word !== 'string' || !UPPER_CASE_WORD.test(word))
            refuse(
              `${at}.record.${field}`,
              `must be an upper-case word such as HOSTED_PAGE or UNPAID, got ${show(word)}`,
            );
        }
      }
    }
  }
}

/**
 * What the RFI operations read of a case: its status, and its items with their ids and approval.
 * @param {Record<string, any>} rfiCase
 * @param {string} at
 */
function checkRfiCase(rfiCase, at) {
  if (!RFI_CASE_STATUSES.includes(rfiCase.status))
    refuse(`${at}.status`, `must be one of ${RFI_CASE_STATUSES.join(', ')}, got ${show(rfiCase.status)}`);
  for (const [items, idField] of [
    ['questions', 'questionId'],
    ['documentRequests', 'documentRequestId'],
  ]) {
    const ids = new Set();
    for (const [index, value] of list(rfiCase[items], `${at}.${items}`).entries()) {
      const where = `${at}.${items}[${index}]`;
      const item = record(value, where);
      uuid(item[idField], `${where}.${idField}`);
      if (ids.has(item[idField])) refuse(`${where}.${idField}`, `${item[idField]} is there twice`);
      ids.add(item[idField]);
      if (typeof item.approved !== 'boolean') refuse(`${where}.approved`, 'must be true or false');
      if (item.answer !== undefined && typeof item.answer !== 'string') refuse(`${where}.answer`, 'must be a string');
    }
  }
}

/** @param {unknown} value */
function checkTokens(value) {
  const tokens = new Set();
  for (const [index, item] of list(value, 'tokens').entries()) {
    const at = `tokens[${index}]`;
    const issued = record(item, at);
    exactKeys(issued, at, ['token', 'tenantId', 'expiresAt']);
    if (typeof issued.token !== 'string' || !TOKEN_PATTERN.test(issued.token))
      refuse(`${at}.token`, 'must be a token the emulator issues: pce_ and 48 hex digits');
    if (tokens.has(issued.token)) refuse(`${at}.token`, 'is there twice');
    tokens.add(issued.token);
    // A token may outlive its tenant (deleting one leaves its tokens until they expire): any tenant id will do.
    if (issued.tenantId !== DEFAULT_TENANT_ID)
      uuid(issued.tenantId, `${at}.tenantId`, `"${DEFAULT_TENANT_ID}" or a UUID`);
    isoTime(issued.expiresAt, `${at}.expiresAt`);
  }
}

/**
 * @param {unknown} value
 * @param {Set<string>} accounts
 */
function checkEvents(value, accounts) {
  const types = Object.values(EVENT_TYPES);
  const eventIds = new Set();
  for (const [index, item] of list(value, 'events').entries()) {
    const at = `events[${index}]`;
    const entry = record(item, at);
    exactKeys(entry, at, ['event', 'delivery']);
    const event = record(entry.event, `${at}.event`);
    exactKeys(event, `${at}.event`, ['id', 'type', 'createdAt', 'accountId', 'designedBy', 'data']);
    if (
      typeof event.id !== 'string' ||
      !UUID_PATTERN.test(event.id.replace(/^evt_/, '')) ||
      !event.id.startsWith('evt_')
    )
      refuse(`${at}.event.id`, `must be evt_ and a UUID, got ${show(event.id)}`);
    if (eventIds.has(event.id)) refuse(`${at}.event.id`, `${event.id} is there twice`);
    eventIds.add(event.id);
    if (!types.includes(event.type))
      refuse(`${at}.event.type`, `must be one of ${types.join(', ')}, got ${show(event.type)}`);
    isoTime(event.createdAt, `${at}.event.createdAt`);
    if (!accounts.has(event.accountId))
      refuse(`${at}.event.accountId`, `${show(event.accountId)} is no account of the snapshot`);
    if (event.designedBy !== EVENT_DESIGNED_BY) refuse(`${at}.event.designedBy`, `must be "${EVENT_DESIGNED_BY}"`);
    uuid(record(event.data, `${at}.event.data`).rfiId, `${at}.event.data.rfiId`);
    const delivery = record(entry.delivery, `${at}.delivery`);
    exactKeys(delivery, `${at}.delivery`, ['state'], ['httpStatus', 'error']);
    if (!DELIVERY_STATES.includes(delivery.state))
      refuse(`${at}.delivery.state`, `must be one of ${DELIVERY_STATES.join(', ')}, got ${show(delivery.state)}`);
    if (delivery.httpStatus !== undefined && !Number.isInteger(delivery.httpStatus))
      refuse(`${at}.delivery.httpStatus`, 'must be an HTTP status');
    if (delivery.error !== undefined && typeof delivery.error !== 'string')
      refuse(`${at}.delivery.error`, 'must be a string');
  }
}

/**
 * @param {unknown} value
 * @param {Set<string>} accounts
 * @param {StateExpectations} expected
 */
function checkFaults(value, accounts, { contract, maxPendingFaults }) {
  const faultIds = new Set();
  for (const [index, item] of list(value, 'faults', maxPendingFaults).entries()) {
    const at = `faults[${index}]`;
    const fault = record(item, at);
    exactKeys(fault, at, ['faultId', 'operationId', 'status', 'times', 'accountId', 'pathParams', 'headers', 'body']);
    if (typeof fault.faultId !== 'string' || !/^fault-[1-9]\d{0,8}$/.test(fault.faultId))
      refuse(`${at}.faultId`, `must be fault- and a number, got ${show(fault.faultId)}`);
    if (faultIds.has(fault.faultId)) refuse(`${at}.faultId`, `${fault.faultId} is there twice`);
    faultIds.add(fault.faultId);
    if (fault.accountId !== null && !accounts.has(fault.accountId))
      refuse(`${at}.accountId`, `${show(fault.accountId)} is no account of the snapshot (null: any account)`);
    const spec = /** @type {import('./fault-injector.js').FaultSpec} */ ({
      ...fault,
      accountId: fault.accountId ?? undefined,
    });
    const problem = faultProblem(contract, spec);
    if (problem !== undefined) refuse(at, problem);
  }
}

/**
 * Refuses the snapshot.
 * @param {string} at where in the snapshot (`records.rfiCases[2].record.status`)
 * @param {string} problem
 * @returns {never}
 */
function refuse(at, problem) {
  throw validationFailed(`the snapshot is refused at ${at}: ${problem}; the emulator's state is unchanged`, {
    at,
    problem,
  });
}

/**
 * The snapshot as JSON: what a file or a request would carry (a value JSON cannot hold is refused, not dropped).
 * @param {unknown} value
 */
function jsonCopyOf(value) {
  try {
    return JSON.parse(JSON.stringify(value) ?? 'undefined');
  } catch {
    return refuse('(root)', 'is no JSON value');
  }
}

/**
 * @param {unknown} value
 * @param {string} at
 * @param {string} [like] what it should be, for the message
 * @returns {Record<string, any>}
 */
function record(value, at, like = 'an object') {
  if (!value || typeof value !== 'object' || Array.isArray(value)) refuse(at, `must be ${like}, got ${show(value)}`);
  return /** @type {Record<string, any>} */ (value);
}

/**
 * @param {unknown} value
 * @param {string} at
 * @param {number} [max]
 * @returns {unknown[]}
 */
function list(value, at, max = Number.POSITIVE_INFINITY) {
  if (!Array.isArray(value)) refuse(at, `must be an array, got ${show(value)}`);
  if (value.length > max) refuse(at, `holds ${value.length} entries, at most ${max}`);
  return value;
}

/**
 * A part of the emulator's own making holds exactly its fields: one misspelt would otherwise be lost unseen.
 * @param {Record<string, unknown>} value
 * @param {string} at
 * @param {ReadonlyArray<string>} required
 * @param {ReadonlyArray<string>} [optional]
 */
function exactKeys(value, at, required, optional = []) {
  const missing = required.find((key) => !(key in value));
  if (missing !== undefined) refuse(at === '(root)' ? missing : `${at}.${missing}`, 'is missing');
  const unknown = Object.keys(value).find((key) => !required.includes(key) && !optional.includes(key));
  if (unknown !== undefined) {
    refuse(
      at === '(root)' ? unknown : `${at}.${unknown}`,
      `is no part of the format (${[...required, ...optional].join(', ')})`,
    );
  }
}

/**
 * @param {unknown} value
 * @param {string} at
 * @param {string} [like]
 */
function uuid(value, at, like = 'a UUID') {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) refuse(at, `must be ${like}, got ${show(value)}`);
}

/**
 * @param {unknown} value
 * @param {string} at
 */
function text(value, at) {
  if (typeof value !== 'string' || value === '') refuse(at, `must be a non-empty string, got ${show(value)}`);
}

/**
 * A time as the emulator writes it: ISO 8601 in UTC, to the millisecond.
 * @param {unknown} value
 * @param {string} at
 */
function isoTime(value, at) {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString() !== value)
    refuse(at, `must be a time such as 2025-06-02T09:00:00.000Z, got ${show(value)}`);
}

/**
 * A value as a message shows it: JSON, cut short.
 * @param {unknown} value
 */
function show(value) {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}
