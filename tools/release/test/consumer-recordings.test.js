// Reading `--consumers DIR`: every *.jsonl a consumer named after its file, each line an exchange; a line that cannot
// be read is a problem naming its file and line, never a crash, and the other lines are read all the same.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConsumerRecordings } from '../src/consumer-impact/consumer-recordings.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'consumer-recordings-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const entry = { method: 'get', target: '/items', operationId: null, accountId: 'acc-1', status: 200, answerBody: '[]' };

describe('readConsumerRecordings', () => {
  it('reads each *.jsonl as a consumer and reports each line it cannot read by file and line', async () => {
    const folder = join(dir, 'mixed');
    await mkdir(folder);
    const lines = [
      JSON.stringify(entry),
      '',
      '{"method": "GET", "target": "/items", ',
      '[1, 2]',
      JSON.stringify({ operation: 'listItems', status: 200 }),
      JSON.stringify({ ...entry, status: 'OK' }),
      JSON.stringify({ ...entry, requestBody: 42 }),
      JSON.stringify({ ...entry, target: '/items?limit=2', requestBody: '{"name":"Lamp"}' }),
    ];
    await writeFile(join(folder, 'billing.jsonl'), `${lines.join('\n')}\n`);
    await writeFile(join(folder, 'ledger.jsonl'), '');
    await writeFile(join(folder, 'notes.txt'), 'not a recording');
    const { consumers, problems } = await readConsumerRecordings(folder);
    expect(consumers.map(({ name, file, exchanges }) => [name, file, exchanges.map((e) => e.line)])).toEqual([
      ['billing', 'billing.jsonl', [1, 8]],
      ['ledger', 'ledger.jsonl', []],
    ]);
    expect(consumers[0]?.exchanges[0]?.exchange).toEqual({
      method: 'GET',
      target: '/items',
      operationId: null,
      status: 200,
      requestHeaders: { values: { accountid: 'acc-1' }, known: ['accountid'] },
      requestBody: null,
      answerHeaders: { values: {}, known: [] },
      answerBody: { text: '[]', complete: true },
      answered: true,
    });
    expect(problems).toEqual([
      { file: 'billing.jsonl', line: 3, message: expect.stringMatching(/^not JSON \(.+\)$/) },
      { file: 'billing.jsonl', line: 4, message: 'not a JSON object' },
      {
        file: 'billing.jsonl',
        line: 5,
        message: 'of no known format: a journal entry has method, target and status; a recorded answer, recording',
      },
      { file: 'billing.jsonl', line: 6, message: 'journal entry: status must be an HTTP status, or 0 for none' },
      { file: 'billing.jsonl', line: 7, message: 'journal entry: requestBody must be text or null' },
    ]);
  });

  it('reads a recorded answer of the sandbox, and says what is wrong with one it cannot read', async () => {
    const folder = join(dir, 'recorded');
    await mkdir(folder);
    const recorded = {
      recording: 1,
      operationId: 'uploadLogo',
      method: 'PUT',
      target: '/items/7/logo',
      requestBodyNotKept: 'multipart/form-data',
      status: 201,
      headers: { 'Content-Type': 'application/json', Location: '/items/7/logo' },
      body: { id: 7 },
    };
    const lines = [recorded, { ...recorded, recording: 2 }, { ...recorded, headers: { Location: 7 } }];
    await writeFile(join(folder, 'catalogue.jsonl'), `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const { consumers, problems } = await readConsumerRecordings(folder);
    expect(consumers[0]?.exchanges.map((e) => e.exchange)).toEqual([
      {
        method: 'PUT',
        target: '/items/7/logo',
        operationId: 'uploadLogo',
        status: 201,
        requestHeaders: { values: {}, known: [] },
        // An upload is named, not kept: what it held is not judged.
        requestBody: { text: '', complete: false, mediaType: 'multipart/form-data' },
        answerHeaders: {
          values: { 'content-type': 'application/json', location: '/items/7/logo' },
          known: ['content-type', 'location', 'retry-after'],
        },
        answerBody: { text: '{"id":7}', complete: true, mediaType: 'application/json' },
        answered: true,
      },
    ]);
    expect(problems).toEqual([
      {
        file: 'catalogue.jsonl',
        line: 2,
        message: 'recorded answer: recording must be 1, the version of the format the gate reads; got 2',
      },
      {
        file: 'catalogue.jsonl',
        line: 3,
        message: 'recorded answer: headers must be an object of header names to text',
      },
    ]);
  });

  it('says a folder with no *.jsonl holds no consumer', async () => {
    const folder = join(dir, 'empty');
    await mkdir(folder);
    await writeFile(join(folder, 'README.md'), 'journals go here');
    expect(await readConsumerRecordings(folder)).toEqual({ dir: folder, consumers: [], problems: [] });
  });

  it('refuses a folder that is not there, or a file', async () => {
    await expect(readConsumerRecordings(join(dir, 'missing'))).rejects.toThrow(
      `${join(dir, 'missing')} does not exist`,
    );
    const file = join(dir, 'file.jsonl');
    await writeFile(file, '');
    await expect(readConsumerRecordings(file)).rejects.toThrow(`${file} is not a folder`);
  });

  it('marks a body the journal cut as incomplete, and that of a request refused before it was read', async () => {
    const folder = join(dir, 'cut');
    await mkdir(folder);
    const cut = {
      ...entry,
      method: 'POST',
      requestBody: `{"a":"${'x'.repeat(70_000)}`.slice(0, 65_536),
      truncated: true,
    };
    const refused = {
      ...entry,
      method: 'POST',
      status: 400,
      requestBody: null,
      requestViolations: [{ location: 'query', name: 'limit', rule: 'type', message: 'query limit must be integer' }],
    };
    await writeFile(join(folder, 'upload.jsonl'), `${JSON.stringify(cut)}\n${JSON.stringify(refused)}\n`);
    const [consumer] = (await readConsumerRecordings(folder)).consumers;
    expect(consumer?.exchanges.map((e) => e.exchange.requestBody?.complete)).toEqual([false, false]);
    expect(consumer?.exchanges[0]?.exchange.answerBody).toEqual({ text: '[]', complete: true });
  });
});
