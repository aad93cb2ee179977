// The published reference where a consumer is: the page through the exports of @payments-connect/docs, and the same
// page served by the installed mock and emulator at /_docs.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { startEmulator } from '@payments-connect/emulator';
import { startMock } from '@payments-connect/mock';

const page = await readFile(createRequire(import.meta.url).resolve('@payments-connect/docs/index.html'));
/** @type {Record<string, unknown>} */
const results = { title: /<title>([^<]*)<\/title>/.exec(page.toString('utf8'))?.[1] };
const servers = { mock: await startMock(), emulator: await startEmulator() };
try {
  for (const [name, server] of Object.entries(servers)) {
    const response = await fetch(`${server.url}/_docs`);
    results[name] = {
      docsUrl: server.docsUrl,
      status: response.status,
      type: response.headers.get('content-type'),
      samePage: Buffer.from(await response.arrayBuffer()).equals(page),
    };
  }
} finally {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
}
console.log(JSON.stringify(results));
