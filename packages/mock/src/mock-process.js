// Entry of the child process that `startMock()` spawns: serves the mock and reports over IPC.
// Options arrive as JSON in argv[2]; messages sent: { type: 'ready', url, port } or { type: 'failed', message }.
import module from 'node:module';
import { serveMock } from './serve-mock.js';

// Node 22.1+ caches compiled code between runs; Prism's libraries then load in a fraction of the time.
module.enableCompileCache?.();

// The parent going away (stop() forgotten, test runner killed) closes the IPC channel: leave with it,
// so a detached mock never outlives whoever started it.
process.on('disconnect', () => process.exit(0));

try {
  const mock = await serveMock(JSON.parse(process.argv[2] ?? '{}'));
  process.send?.({ type: 'ready', url: mock.url, port: mock.port });
} catch (error) {
  process.send?.({ type: 'failed', message: error instanceof Error ? error.message : String(error) }, () =>
    process.exit(1),
  );
}
