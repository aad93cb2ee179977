// Type-checked by `pnpm check` (tsc), not run: the public declarations in src/index.d.ts, used as a
// consumer would through the package name.
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_START_TIMEOUT_MS,
  type RunningMock,
  type StartMockOptions,
  startMock,
} from '@payments-connect/mock';

const options: StartMockOptions = {
  port: 0,
  host: DEFAULT_HOST,
  dynamic: true,
  seed: '42',
  spec: 'openapi.yaml',
  startTimeoutMs: DEFAULT_START_TIMEOUT_MS,
};
const started: Promise<RunningMock> = startMock(options);
const port: number = DEFAULT_PORT;

export async function usage(): Promise<void> {
  const mock = await started;
  const url: string = mock.url;
  const pid: number = mock.pid;
  await mock.stop();
  void [url, pid, port];
  // @ts-expect-error the port is a number
  await startMock({ port: '4010' });
  // @ts-expect-error no such option
  await startMock({ errors: true });
}
