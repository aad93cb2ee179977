import { didYouMean } from '@payments-connect/contract';
import { emulatorRouteLabel } from './control-routes.js';
import { validationFailed } from './refusals.js';

/** The most calls one injected fault may answer. */
export const MAX_FAULT_TIMES = 1000;

/**
 * @typedef {object} FaultSpec
 * @property {string} operationId the spec operation that answers with the fault
 * @property {number} status HTTP status to answer with
 * @property {unknown} [body] JSON body; an ErrorEnvelope for the status when left out
 * @property {Record<string, string>} [headers] e.g. `{ "Retry-After": "1" }`
 * @property {number} [times] how many calls answer with the fault (default 1)
 * @property {string} [accountId] only calls with this `AccountId` (one tenant's account) answer with it
 * @property {Record<string, string>} [pathParams] only calls whose path carries these values (`{ rfiId: '…' }`)
 */

/**
 * @typedef {object} Fault a fault waiting for its calls, as `GET /_emulator/faults` lists it
 * @property {string} faultId
 * @property {string} operationId
 * @property {number} status
 * @property {number} times how many calls it still answers
 * @property {string | null} accountId the account it is scoped to; null: any
 * @property {Record<string, string>} pathParams the path values it is scoped to; `{}`: any
 * @property {Record<string, string>} headers
 * @property {unknown} body
 */

/**
 * Canned answers for the next calls of an operation, so tests can see the documented statuses the emulator's
 * behaviour never produces on its own (429, 500) and how a client recovers from them. A fault may be scoped to an
 * account and to path values, so that a test file working in its own tenant never answers another file's calls. A
 * fault scoped to a tenant's account is kept in that tenant's world (reset and deleted with it); one of no tenant
 * (unscoped: every tenant's calls) is the emulator's.
 * @param {import('@payments-connect/contract').Contract} contract a fault may name only its operations
 * @param {{ maxPending: number, worlds: import('./tenant-worlds.js').TenantWorlds }} options how many faults may be
 *   pending at once; the tenants' worlds
 */
export function createFaultInjector(contract, { maxPending, worlds }) {
  /** @type {Fault[]} the pending faults of no tenant: unscoped, or scoped to an account no tenant has */
  let emulatorFaults = [];
  let injected = 0;
  /** @param {Fault} fault the list it is kept in */
  const listOf = (fault) => (fault.accountId === null ? undefined : worlds.ofAccount(fault.accountId))?.faults;
  /** @param {Fault} fault */
  const keep = (fault) => (listOf(fault) ?? emulatorFaults).push(fault);
  /** @param {Iterable<string>} [accountIds] @returns {(fault: Fault) => boolean} whether a fault is scoped to one */
  const scopedTo = (accountIds) => {
    const accounts = new Set(accountIds);
    return (fault) => accountIds === undefined || accounts.has(/** @type {string} */ (fault.accountId));
  };
  /** @param {Iterable<string>} [accountIds] the lists that may hold faults scoped to them: the emulator's, worlds' */
  const listsOf = (accountIds) => [emulatorFaults, ...worlds.holdingAny(accountIds).map((world) => world.faults)];
  /** @param {Iterable<string>} [accountIds] Drops every pending fault, or those scoped to one of the accounts. */
  const clear = (accountIds) => {
    const dropped = scopedTo(accountIds);
    emulatorFaults = emulatorFaults.filter((fault) => !dropped(fault));
    for (const world of worlds.holdingAny(accountIds)) world.faults = world.faults.filter((fault) => !dropped(fault));
  };

  return {
    clear,
    /** @param {FaultSpec} spec What keeps a fault from being injected, if anything ({@link faultProblem}). */
    problem: (spec) => faultProblem(contract, spec),
    /**
     * @param {FaultSpec} spec
     * @returns {Fault} the fault as listed
     * @throws {import('@payments-connect/contract/control').RefusalError} 400 saying why it is refused
     */
    add(spec) {
      const problem = faultProblem(contract, spec);
      if (problem !== undefined) throw validationFailed(problem);
      if (listsOf().reduce((count, list) => count + list.length, 0) >= maxPending) {
        const clearing = emulatorRouteLabel('clearFaults');
        throw validationFailed(`${maxPending} faults are pending already: clear some (${clearing})`);
      }
      const { operationId, status, body, headers = {}, times = 1, accountId, pathParams = {} } = spec;
      const code = contract.errorCode(status, contract.operation(operationId));
      injected += 1;
      /** @type {Fault} */
      const fault = {
        ...{ faultId: `fault-${injected}`, operationId, status, times, accountId: accountId ?? null },
        ...{ pathParams: { ...pathParams }, headers: { ...headers } },
        body: body === undefined ? { code, message: `Injected fault: ${status}` } : body,
      };
      keep(fault);
      return structuredClone(fault);
    },
    /**
     * Takes the first fault, in the order they were injected, that answers this call, if any: one of the world of the
     * call's account, or of the emulator's.
     * @param {string} operationId
     * @param {string | undefined} accountId the call's `AccountId`
     * @param {Record<string, string>} pathParams the call's path values
     */
    take(operationId, accountId, pathParams) {
      /** @param {Fault} fault */
      const answers = (fault) =>
        fault.operationId === operationId &&
        (fault.accountId === null || fault.accountId === accountId) &&
        Object.entries(fault.pathParams).every(([name, value]) => pathParams[name] === value);
      const world = accountId === undefined ? undefined : worlds.ofAccount(accountId);
      const [next] = [world?.faults.find(answers), emulatorFaults.find(answers)]
        .filter((fault) => fault !== undefined)
        .sort((a, b) => order(a) - order(b));
      if (!next) return undefined;
      next.times -= 1;
      if (next.times === 0) {
        const list = /** @type {Fault[]} */ (listOf(next) ?? emulatorFaults);
        list.splice(list.indexOf(next), 1);
      }
      return { status: next.status, body: next.body, headers: next.headers };
    },
    /** @param {Iterable<string>} [accountIds] @returns {Fault[]} the pending faults in order; those scoped to them */
    list: (accountIds) =>
      structuredClone(
        listsOf(accountIds)
          .flat()
          .filter(scopedTo(accountIds))
          .sort((a, b) => order(a) - order(b)),
      ),
    /**
     * Puts back the pending faults of a snapshot (checked), into the worlds just restored. The whole emulator's: all of
     * them, under their own ids (the next one injected is numbered after the highest). One tenant's: in place of those
     * scoped to its accounts, numbered after every fault pending: as if injected now.
     * @param {Fault[]} restored as `list` gives them @param {Iterable<string>} [accountIds] one tenant's
     */
    restore(restored, accountIds) {
      clear(accountIds);
      if (accountIds === undefined) injected = 0;
      // In the order they were injected, as `take` answers them, whatever order the snapshot lists them in.
      for (const fault of structuredClone(restored).sort((a, b) => order(a) - order(b))) {
        if (accountIds !== undefined) fault.faultId = `fault-${injected + 1}`;
        keep(fault);
        injected = Math.max(injected, order(fault));
      }
    },
  };
}

/** @typedef {ReturnType<typeof createFaultInjector>} FaultInjector */

/**
 * What keeps a fault from being injected, in words, if anything: an operation the contract does not have, a status
 * that is no error, a count out of range, headers or path values of the wrong form, or a scope no call could match.
 * @param {import('@payments-connect/contract').Contract} contract @param {FaultSpec} fault
 * @returns {string | undefined}
 */
function faultProblem(contract, { operationId, status, headers = {}, times = 1, accountId, pathParams = {} }) {
  const operationIds = contract.operations.map((o) => o.operationId);
  if (typeof operationId !== 'string' || operationId === '')
    return `operationId must name an operation of the spec: ${operationIds.join(', ')}`;
  const operation = contract.operation(operationId);
  if (!operation)
    return `operationId '${operationId}' is not an operation of the spec; ${didYouMean(operationId, operationIds)}`;
  // A fault stands in for a failure of the service: an error status, never an informational or success one.
  if (!Number.isInteger(status) || status < 400 || status > 599) return 'status must be an error status (400 to 599)';
  if (!Number.isInteger(times) || times < 1 || times > MAX_FAULT_TIMES)
    return `times must be an integer from 1 to ${MAX_FAULT_TIMES}`;
  if (!isStringRecord(headers)) return 'headers must be an object of strings';
  if (accountId !== undefined && (typeof accountId !== 'string' || accountId === ''))
    return 'accountId must be a non-empty string';
  // A fault that could never answer is refused, not kept waiting for a call that cannot come.
  if (accountId !== undefined && !operation.parameters.some((p) => p.in === 'header' && p.name === 'AccountId'))
    return `${operationId} takes no AccountId: a fault scoped to an account would never answer it`;
  const names = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  if (!isStringRecord(pathParams) || Object.values(pathParams).some((value) => value === ''))
    return 'pathParams must be an object of non-empty strings';
  const unknown = Object.keys(pathParams).find((name) => !names.includes(name));
  if (unknown === undefined) return undefined;
  if (names.length === 0) return `pathParams.${unknown}: ${operationId} has no path parameter`;
  return `pathParams.${unknown} is not a path parameter of ${operationId}; ${didYouMean(unknown, names)}`;
}

/** @param {Fault} fault the order it was injected in */
const order = (fault) => Number(fault.faultId.slice('fault-'.length));

/** @param {unknown} value @returns {value is Record<string, string>} */
const isStringRecord = (value) =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');
