// A module of another team's test helpers, in TypeScript: it imports every entry point of the packages that have
// declarations and exports what they return. Compiled strict, with the packages' declarations checked
// (`skipLibCheck: false`) and its own emitted (`declaration: true`), so that a type a package names but never
// defines is an error instead of a silent `any`, and a type a consumer cannot name (TS2742) is caught too. Never run.
// @payments-connect/openapi (JSON and YAML), @payments-connect/docs (an HTML page) and @payments-connect/conformance
// (a command) have no TypeScript entry point; the round trip opens and runs them.
import { createPaymentsConnectClient, type PaymentsConnectClient } from '@payments-connect/client';
import { type Contract, loadContract, type ParsedTarget } from '@payments-connect/contract';
import {
  type ControlRouteDeclaration,
  createControlClient,
  defineControlRoutes,
} from '@payments-connect/contract/control';
import { ControlCallError, type JournalEntry, RefusalError } from '@payments-connect/contract/server';
import {
  type CreateRfiCaseInput,
  connectEmulator,
  type Emulator,
  type EmulatorConnection,
  type EmulatorControl,
  SHIPPED_SNAPSHOTS,
  startEmulator,
} from '@payments-connect/emulator';
import { connectMock, type MockConnection, type RunningMock, startMock } from '@payments-connect/mock';
import { createHandlers, fixtures, type PaymentsConnectHandlers } from '@payments-connect/mock/msw';
import type { RfiCase } from '@payments-connect/types';

// Exported with the types inferred, as helper modules do: each must be nameable in this file's declarations.
export const emulatorControl = connectEmulator('http://127.0.0.1:4020');
export const mockControl = connectMock('http://127.0.0.1:4010');
export const contract = loadContract();
export const startServers = async () => ({ emulator: await startEmulator(), mock: await startMock() });
export const fromSnapshot = () => startEmulator({ state: SHIPPED_SNAPSHOTS.itemApproved.file });
export const newTenant = () => emulatorControl.createTenant();
export const pendingFaults = () => emulatorControl.faults();
export const savedState = () => emulatorControl.state();
export const received = (mock: RunningMock) => mock.requests({ operationId: 'getRfiCase' });
export const mswMock = createHandlers({ baseUrl: 'https://api.payments-connect.test' });
export const closedRead = mswMock.override('getRfiCase', ({ params }) => ({
  status: 200,
  body: fixtures.getRfiCase.closedCase({ rfiId: params.rfiId }),
}));
export const closedRecord = () => fixtures.getRfiCase.closedCase();
export const inProcess = (emulator: Emulator) => emulator.control;
export const ownRoutes = defineControlRoutes({
  ping: { method: 'GET', path: '/ping' } as ControlRouteDeclaration<[], { pong: boolean }>,
});
export const ownControl = createControlClient(ownRoutes, 'http://127.0.0.1:4030', {
  prefix: '/_own',
  server: 'own server',
  client: 'connectOwn',
  timeoutMs: 1000,
});
export const pong = async () => (await ownControl.ping()).pong;
export const target = (raw: string) => contract.match('GET', raw);
export const client = createPaymentsConnectClient({
  baseUrl: 'http://127.0.0.1:4010',
  clientId: 'consumer',
  clientSecret: 'consumer-secret',
  accountId: 'acc_consumer',
});

// The types a consumer holds, by their names.
export const named: {
  emulatorControl: EmulatorConnection;
  inProcess: (emulator: Emulator) => EmulatorControl;
  mockControl: MockConnection;
  mswMock: PaymentsConnectHandlers;
  contract: Contract;
  client: PaymentsConnectClient;
} = { emulatorControl, inProcess, mockControl, mswMock, contract, client };
export const closedCase: CreateRfiCaseInput = { status: 'CLOSED', questions: [{ answer: 'yes', approved: true }] };

export async function refusedInputs(emulator: Emulator): Promise<void> {
  // @ts-expect-error createRfiCase takes a CreateRfiCaseInput: no such fields
  emulator.control.createRfiCase({ questionz: 'three', bogus: true });
  // @ts-expect-error the same input, through the control client
  await emulatorControl.createRfiCase({ questionz: 'three', bogus: true });
  // @ts-expect-error a fault names its status
  await emulatorControl.injectFault({ operationId: 'getRfiCase' });
  // @ts-expect-error an override answers what its operation documents: a getRfiCase 200 is an RFI case
  mswMock.override('getRfiCase', () => ({ status: 200, body: fixtures.answerRfiQuestion.answered() }));
}

export function caught(error: unknown): string | undefined {
  if (error instanceof ControlCallError) return error.code ?? undefined;
  if (error instanceof RefusalError) return String(error.status);
  return undefined;
}

export type Held = { entry: JournalEntry; rfiCase: RfiCase; target: ParsedTarget };
