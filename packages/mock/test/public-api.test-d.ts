// Type-checked by `pnpm check` (tsc), not run: the declarations generated from the JSDoc, used as a consumer
// would through the package name.
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  MAX_BODY_BYTES,
  type MockOptions,
  type RunningMock,
  startMock,
} from '@payments-connect/mock';

const options: MockOptions = { port: 0, host: DEFAULT_HOST, dynamic: true, seed: '42', spec: 'openapi.yaml' };
const started: Promise<RunningMock> = startMock(options);
const limits: number[] = [DEFAULT_PORT, MAX_BODY_BYTES];

export async function usage(): Promise<void> {
  const mock = await started;
  const url: string = mock.url;
  const port: number = mock.port;
  const spec: string = mock.specPath;
  await mock.stop();
  void [url, port, spec, limits];
  // @ts-expect-error the port is a number
  await startMock({ port: '4010' });
  // @ts-expect-error no such option
  await startMock({ errors: true });
}
