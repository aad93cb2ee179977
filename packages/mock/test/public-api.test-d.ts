// Type-checked by `pnpm check` (tsc), not run: the declarations generated from the JSDoc, used as a consumer
// would through the package name.
import {
  CONTROL_PREFIX,
  type ConfiguredAnswer,
  connectMock,
  DEFAULT_HOST,
  DEFAULT_PORT,
  type JournalEntry,
  type JournalFilter,
  MAX_BODY_BYTES,
  type MockAnswers,
  type MockConnection,
  type MockControl,
  type MockOptions,
  type MockSummary,
  RecordingError,
  type RecordingSummary,
  type RunningMock,
  startMock,
  type UpstreamFailure,
} from '@payments-connect/mock';

const answers: MockAnswers = { getRfiCase: 'example=closedCase', answerRfiQuestion: 'code=409, example=rfiNotOpen' };
const options: MockOptions = {
  port: 0,
  host: DEFAULT_HOST,
  dynamic: true,
  seed: '42',
  spec: 'openapi.yaml',
  answers,
  journal: { size: 100, file: 'journal.jsonl' },
};
const started: Promise<RunningMock> = startMock(options);
const limits: number[] = [DEFAULT_PORT, MAX_BODY_BYTES];
const prefix: string = CONTROL_PREFIX;

export async function usage(): Promise<void> {
  const mock = await started;
  const url: string = mock.url;
  const port: number = mock.port;
  const spec: string = mock.specPath;
  const received: JournalEntry[] = mock.requests({ operationId: 'getRfiCase', status: 200 });
  // An answer's violations name the place and the rule, as a request's do.
  const places: string[] = received.flatMap((entry) =>
    entry.answerViolations.map(({ location, name, rule, message }) => `${location} ${name} (${rule}): ${message}`),
  );
  const failed: string | undefined = received[0]?.upstreamFailure;
  // @ts-expect-error an answer violation is an object, no longer a string
  const line: string | undefined = received[0]?.answerViolations[0];
  const { violations, upstreamFailures, causes } = mock.summary();
  const counts: number[] = [violations, upstreamFailures, ...causes.map((cause) => cause.count)];
  mock.clearRequests();
  await mock.stop();
  void [url, port, spec, limits, prefix, received, places, failed, line, counts];
  const failures: UpstreamFailure[] = [];
  const proxy = await startMock({ proxy: 'https://sandbox.example.com', onUpstreamFailure: (f) => failures.push(f) });
  await proxy.stop();
  // A recording proxy says what it wrote and what it left out, by reason; a mock replays what it wrote.
  const recorder = await startMock({ proxy: 'https://sandbox.example.com', record: 'sandbox.jsonl' });
  const seen: MockSummary = recorder.summary();
  const recording: RecordingSummary | undefined = seen.recording;
  const written: number | undefined = recording?.recorded;
  const leftOut: Record<string, number> | undefined = recording?.reasons;
  await recorder.stop();
  await (await startMock({ replay: 'sandbox.jsonl', answers })).stop();
  void [written, leftOut];
  const replayedFrom: { file: string; line: number } | undefined = recorder.requests()[0]?.replayed;
  void replayedFrom;
  // A recording the contract no longer takes: every line refused, each with its line, operation and why.
  const refused = await startMock({ replay: 'moved.jsonl' }).catch((error: unknown) => error);
  if (refused instanceof RecordingError) {
    const problem: { line: number; operationId: string | undefined; problem: string } | undefined = refused.problems[0];
    const where: string = refused.file;
    void [problem, where];
  }
  // @ts-expect-error a recording is a file's path
  await startMock({ replay: true });
  // @ts-expect-error the port is a number
  await startMock({ port: '4010' });
  // @ts-expect-error no such option
  await startMock({ errors: true });
  // @ts-expect-error an answer is a string in the Prefer syntax
  await startMock({ answers: { getRfiCase: 409 } });
}

export async function control(): Promise<void> {
  const mock: MockConnection = connectMock('http://127.0.0.1:4010');
  const formerName: MockControl = mock;
  const filter: JournalFilter = { operationId: 'answerRfiQuestion', accountId: 'acc', since: new Date().toISOString() };
  const entries: JournalEntry[] = await mock.requests(filter);
  const statuses: number[] = entries.map((entry) => entry.status);
  const notes: string[][] = entries.map((entry) => entry.notes);
  await mock.clearRequests();
  const applied: ConfiguredAnswer = await mock.setAnswer('answerRfiQuestion', 'code=409, example=rfiNotOpen');
  const example: string | null = applied.example;
  const configured: MockAnswers = await mock.answers();
  await mock.clearAnswers('answerRfiQuestion');
  await mock.clearAnswers();
  void [statuses, notes, example, configured, formerName, connectMock(new URL('http://127.0.0.1:4010')).url];
  // @ts-expect-error status is a number
  await mock.requests({ status: '200' });
  // @ts-expect-error setAnswer takes the answer as a string
  await mock.setAnswer('getRfiCase', { code: 409 });
}

// @payments-connect/mock/vitest: the setup vitest and Jest call, and what it provides, typed for inject.
import { setup as mockSetup, teardown as mockTeardown, useMock } from '@payments-connect/mock/vitest';
import { inject } from 'vitest';

const mockTeardownOf: Promise<() => Promise<void>> = mockSetup();
const mockTornDown: Promise<void> = mockTeardown();
const runMock: Promise<MockConnection> = useMock();
const providedMock: { url: string; env: Record<string, string> } = inject('paymentsConnectMock');
void [mockTeardownOf, mockTornDown, runMock, providedMock];

// @payments-connect/mock/msw: the handlers, their journal and answers, the overrides and fixtures, typed.
import {
  createHandlers,
  type FixtureBuilder,
  FixtureError,
  type Fixtures,
  fixtures,
  type HandlersOptions,
  AnswerError as MswAnswerError,
  type OperationId,
  type Override,
  type OverrideAnswer,
  OverrideError,
  type OverrideRequest,
  type Overrides,
  type PaymentsConnectHandlers,
} from '@payments-connect/mock/msw';

const handlersOptions: HandlersOptions = {
  baseUrl: new URL('https://api.payments-connect.test'),
  journal: { size: 100 },
};
const paymentsConnect: PaymentsConnectHandlers = createHandlers(handlersOptions);
const entries: JournalEntry[] = paymentsConnect.requests({ operationId: 'getRfiCase' });
const builders: Fixtures = fixtures;
const closedCase: FixtureBuilder<{ rfiId: string }> = fixtures.getRfiCase.closedCase;
const operationId: OperationId = 'getRfiCase';
const readCase: Override<'getRfiCase'> = ({ params }: OverrideRequest<'getRfiCase'>) => {
  const answer: OverrideAnswer<'getRfiCase'> = { status: 404, body: fixtures.getRfiCase.otherAccountCase() };
  return params.rfiId === '' ? answer : undefined;
};
const overrides: Overrides = { getRfiCase: readCase };
const errors: TypeError[] = [
  new FixtureError('fixtures.x.y', 'p'),
  new OverrideError('x', 'p'),
  new MswAnswerError('x', 'p'),
];
void [paymentsConnect.baseUrl, entries, builders, closedCase, operationId, overrides, errors];
