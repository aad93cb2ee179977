// Compiled by `pnpm typecheck` (tsc), never run: proves the declarations generated from the JSDoc serve a TypeScript
// consumer importing the package by name, and that they refuse what they should.
import {
  ControlCallError,
  type CreateRfiCaseInput,
  connectEmulator,
  type Emulator,
  type EmulatorConnection,
  type EmulatorEvent,
  type EmulatorOptions,
  type EmulatorSnapshot,
  type EmulatorState,
  EVENT_TYPES,
  type EventRecord,
  type Fault,
  type JournalEntry,
  SEED_IDS,
  SHIPPED_SNAPSHOTS,
  type StateRestored,
  startEmulator,
  type Tenant,
} from '@payments-connect/emulator';
import type { components } from '@payments-connect/types';

const options: EmulatorOptions = { port: 0, tokenTtlSeconds: 60, strict: true, webhookUrl: 'http://127.0.0.1:9/hooks' };
const emulator: Emulator = await startEmulator(options);
const baseUrl: string = emulator.env.PAYMENTS_CONNECT_BASE_URL ?? emulator.url;
const rfi = emulator.control.createRfiCase({ status: 'CLOSED', questions: [{ answer: 'yes', approved: true }] });
const firstQuestion: string | undefined = rfi.questions[0]?.questionId;
const records: EventRecord[] = emulator.control.events();
const answered: 'v1.rfi.case.answered' = EVENT_TYPES.caseAnswered;
const expired: string = emulator.fixtures.expiredToken;
const open: string = SEED_IDS.openRfiId;
emulator.control.injectFault({ operationId: 'getRfiCase', status: 429, headers: { 'Retry-After': '1' } });

// The control client, from any process.
const control: EmulatorConnection = connectEmulator(emulator.url, { timeoutMs: 5_000 });
const closedInput: CreateRfiCaseInput = { status: 'CLOSED', questions: 2 };
const closed = await control.createRfiCase(closedInput);
const closedId: string = closed.rfiId;
// The emulator's records are the spec's: typed from the generated types.
const asSpec: components['schemas']['RfiCase'] = closed;
const credentials: { clientId: string; clientSecret: string } = emulator.credentials;
const stopped: Promise<void> = emulator.stop();
const tenant: Tenant = await control.createTenant();
const tenantAccount: string = tenant.accounts.primary.accountId;
const tenantCase: string = tenant.fixtures.openRfiId;
const fault: Fault = await control.injectFault({
  operationId: 'getRfiCase',
  status: 500,
  accountId: tenantAccount,
  pathParams: { rfiId: tenantCase },
});
const remaining: number = fault.times;
const entries: JournalEntry[] = await control.requests({ accountId: tenantAccount, status: 500 });
const notes: string[] | undefined = entries[0]?.notes;
const answerRules: string[] = entries.flatMap((entry) => entry.answerViolations.map((violation) => violation.rule));
const violationPlaces: string[] = emulator.violations.flatMap((seen) => seen.violations.map((v) => v.name));
const { expired: expiredCount }: { expired: number } = await control.expireTokens({ tenantId: tenant.tenantId });
const refusal: unknown = await control
  .resetTenant('unknown')
  .catch((error: unknown) => (error instanceof ControlCallError ? error.code : null));

// The state: taken, restored, given at start (a snapshot, or a file such as a shipped one).
const snapshot: EmulatorState = await control.state();
const takenFrom: string = snapshot.header.takenFrom.specVersion;
const restored: StateRestored = await control.restoreState(snapshot);
const again: EmulatorState = await emulator.control.state();
emulator.control.restoreState(again);
await emulator.stop();
const fromFile: Emulator = await startEmulator({ state: SHIPPED_SNAPSHOTS.itemApproved.file, randomSeed: 'fixtures' });
await fromFile.stop();

// A tenant's world: its clock, its snapshot, its webhook URL, its next event, its requests.
const world: Tenant = await control.createTenant({ webhookUrl: 'http://127.0.0.1:9/hooks' });
const moved: number = (await control.advanceTenantClock(world.tenantId, 60)).advancedSeconds;
const ofWorld: EmulatorSnapshot = await control.tenantState(world.tenantId);
const back: StateRestored = await control.restoreTenantState(world.tenantId, ofWorld);
const ended: StateRestored = await control.restoreTenantState(world.tenantId, ofWorld, { keepLiveTokens: false });
const kept: components['schemas']['RfiCase'] | undefined = ofWorld.records.rfiCases[0]?.record;
const redirected: string | null = (await control.setTenantWebhookUrl(world.tenantId, null)).webhookUrl;
const next: EmulatorEvent = await control.nextEvent(world.tenantId, { type: EVENT_TYPES.caseCreated, timeoutMs: 100 });
const itsRequests: JournalEntry[] = await control.requests({ tenantId: world.tenantId });
const itsFaults: Fault[] = await control.faults({ tenantId: world.tenantId });

// @ts-expect-error a tenant's clock moves by seconds
await control.advanceTenantClock(world.tenantId, '60');
// @ts-expect-error tokenTtlSeconds is a number of seconds
await startEmulator({ tokenTtlSeconds: '60' });
// @ts-expect-error an unknown option is refused
await startEmulator({ verbose: true });
// @ts-expect-error a fault names its status
await control.injectFault({ operationId: 'getRfiCase' });
// @ts-expect-error a journal filter's status is a number
await control.requests({ status: '500' });
// @ts-expect-error a state is a snapshot or a file's path
await startEmulator({ state: 42 });
// @ts-expect-error restoreState takes a snapshot
await control.restoreState('state.json');
// @ts-expect-error createRfiCase takes a CreateRfiCaseInput, whose fields these are not
emulator.control.createRfiCase({ questionz: 'three', bogus: true });
// @ts-expect-error the same input, through the control client
await control.createRfiCase({ questionz: 'three', bogus: true });
// @ts-expect-error keepLiveTokens is true or false
await control.restoreTenantState(world.tenantId, ofWorld, { keepLiveTokens: 'no' });
// @ts-expect-error a payment request's input has no amount
await control.createPaymentRequest({ amount: 100 });

export {
  answered,
  answerRules,
  asSpec,
  back,
  baseUrl,
  closedId,
  credentials,
  ended,
  expired,
  expiredCount,
  firstQuestion,
  itsFaults,
  itsRequests,
  kept,
  moved,
  next,
  notes,
  open,
  records,
  redirected,
  refusal,
  remaining,
  restored,
  stopped,
  takenFrom,
  violationPlaces,
};

// @payments-connect/emulator/vitest: the setup vitest and Jest call, a tenant per file, and what the setup provides,
// typed for inject.
import { setup as emulatorSetup, useTenant } from '@payments-connect/emulator/vitest';
import { inject } from 'vitest';

const emulatorTeardownOf: Promise<() => Promise<void>> = emulatorSetup();
const fileTenant: Promise<{ emulator: EmulatorConnection; tenant: Tenant }> = useTenant({ webhookUrl: null });
const providedEmulator = inject('paymentsConnectEmulator');
const primaryAccount: string = providedEmulator.accounts.primary.accountId;
const providedClientId: string = providedEmulator.credentials.clientId;
void [emulatorTeardownOf, fileTenant, primaryAccount, providedClientId];
