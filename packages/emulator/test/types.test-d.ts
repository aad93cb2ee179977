// Compiled by `pnpm check` (tsc), never run: proves the hand-written index.d.ts serves a TypeScript
// consumer importing the package by name, and that it refuses what it should.
import {
  type Emulator,
  type EmulatorOptions,
  EVENT_TYPES,
  type EventRecord,
  SEED_IDS,
  startEmulator,
} from '@payments-connect/emulator';

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
await emulator.stop();

// @ts-expect-error tokenTtlSeconds is a number of seconds
await startEmulator({ tokenTtlSeconds: '60' });
// @ts-expect-error an unknown option is refused
await startEmulator({ verbose: true });

export { answered, baseUrl, expired, firstQuestion, open, records };
