// Whom a breaking change breaks: how the gate attributes what consumers' journals show to the changes of compareSpecs,
// case by case (the corpus test runs every rule; this one shows the attribution's choices), and the report whole.
import { describe, expect, it } from 'vitest';
import { assessConsumerImpact } from '../src/consumer-impact/consumer-impact.js';
import { journalEntryReader } from '../src/consumer-impact/journal-entry-reader.js';
import { compareSpecs } from '../src/spec-changes/compare-specs.js';
import { evaluateSpecGate } from '../src/spec-gate.js';
import { gateReport } from '../src/spec-gate-report.js';
import { corpusDocument, json, requestSchema, spec } from './corpus/corpus-document.js';
import { readmeOutput } from './readme-output.js';

/**
 * A journal line as `--journal` writes it, a GET of /items answered 200 unless said.
 * @param {Record<string, unknown>} fields
 */
const entry = (fields) => ({
  method: 'GET',
  target: '/items',
  operationId: null,
  accountId: null,
  status: 200,
  requestViolations: [],
  answerViolations: [],
  requestBody: null,
  answerBody: null,
  truncated: false,
  notes: [],
  ...fields,
});

/** @param {unknown} value */
const post = (value) =>
  entry({
    method: 'POST',
    target: '/items',
    status: 201,
    requestBody: JSON.stringify(value),
    answerBody: '{"id":"i-1"}',
  });

/**
 * The impact of the changes between two documents on consumers given as their journal entries.
 * @param {any} before
 * @param {any} after
 * @param {Record<string, Array<Record<string, unknown>>>} journals by consumer
 * @param {import('../src/spec-changes/comparison.js').SpecChange[]} [changes] default: compareSpecs of the two
 */
async function impactOf(before, after, journals, changes = compareSpecs(before, after)) {
  const consumers = Object.entries(journals).map(([name, entries]) => ({
    name,
    file: `${name}.jsonl`,
    exchanges: entries.map((record, i) => {
      const exchange = journalEntryReader.read(record);
      if (typeof exchange === 'string') throw new Error(exchange);
      return { line: i + 1, exchange };
    }),
  }));
  return assessConsumerImpact({ before, after, changes, dir: 'journals', consumers, problems: [] });
}

/**
 * Who each change names, by its rule: the consumers it breaks and those that only exercise it.
 * @param {import('../src/consumer-impact/consumer-impact.js').ConsumerImpact} impact
 */
const verdicts = (impact) =>
  Object.fromEntries(
    impact.changes.map(({ change, hidden, breaks, exercises }) => [
      change.rule,
      hidden ?? { breaks: breaks.map((t) => t.consumer), exercises: exercises.map((t) => t.consumer) },
    ]),
  );

const input = (/** @type {Record<string, unknown>} */ properties, /** @type {string[]} */ required = []) =>
  requestSchema({ type: 'object', required, properties });

describe('attributing a break to a change', () => {
  it('gives a violation to the deepest change that encloses it, not to every change of the body', async () => {
    const before = input({ value: { type: 'string', maxLength: 50 }, note: { type: 'string' } });
    const after = input({ value: { type: 'string', maxLength: 5 }, note: { type: 'string' } }, ['note']);
    const impact = await impactOf(before, after, {
      'long-value': [post({ value: 'far too long', note: 'n' })],
      'no-note': [post({ value: 'ok' })],
      listing: [entry({ answerBody: '[]' })],
    });
    expect(verdicts(impact)).toEqual({
      'request-constraint-tightened': { breaks: ['long-value'], exercises: ['no-note'] },
      'request-field-now-required': { breaks: ['no-note'], exercises: [] },
    });
    expect(impact.changes[1]?.breaks[0]?.example.why).toBe(
      "request breaks the new spec: body must have required property 'note'",
    );
  });

  it('of two changes at one place, gives a violation to the one whose keyword it names', async () => {
    const before = input({ value: { type: 'string', maxLength: 50 } });
    const after = input({ value: { type: 'string', maxLength: 8, pattern: '^[a-z]+$' } });
    const impact = await impactOf(before, after, {
      digits: [post({ value: '123' })],
      long: [post({ value: 'abcdefghijk' })],
    });
    expect(impact.changes.map((c) => c.change.location)).toEqual([
      'schema ItemInput (consumer sends) > value > maxLength',
      'schema ItemInput (consumer sends) > value > pattern',
    ]);
    expect(impact.changes[0]).toMatchObject({ breaks: [{ consumer: 'long' }], exercises: [{ consumer: 'digits' }] });
    expect(impact.changes[1]).toMatchObject({ breaks: [{ consumer: 'digits' }], exercises: [{ consumer: 'long' }] });
  });

  it('names the callers of every operation that uses a shared parameter, reported at one of them', async () => {
    /** @param {unknown} schema */
    const withLimit = (schema) =>
      spec((d) => {
        d.components.parameters = { Limit: { name: 'limit', in: 'query', schema } };
        d.paths['/items'].get.parameters = [{ $ref: '#/components/parameters/Limit' }];
        d.paths['/items/{itemId}'].get.parameters = [{ $ref: '#/components/parameters/Limit' }];
      });
    const before = withLimit({ type: 'integer', maximum: 100 });
    const after = withLimit({ type: 'integer', maximum: 10 });
    const impact = await impactOf(before, after, {
      lister: [entry({ target: '/items?limit=5', answerBody: '[]' })],
      reader: [entry({ target: '/items/i-1?limit=50', answerBody: '{"id":"i-1"}' })],
      plain: [entry({ target: '/items/i-1', answerBody: '{"id":"i-1"}' })],
    });
    expect(impact.changes.map((c) => c.change.location)).toEqual(['GET /items > query parameter limit > maximum']);
    expect(verdicts(impact)).toEqual({
      'request-constraint-tightened': { breaks: ['reader'], exercises: ['lister'] },
    });
  });

  it('finds a named schema wherever it is used, an array of it included', async () => {
    const before = corpusDocument();
    const after = spec((d) => delete d.components.schemas.Item.properties.name);
    const impact = await impactOf(before, after, {
      lister: [entry({ answerBody: '[{"id":"i-1","name":"Lamp"}]' })],
      'empty-list': [entry({ answerBody: '[]' })],
      creator: [post({ name: 'Lamp' })],
    });
    expect(impact.changes.map((c) => c.change.location)).toEqual(['schema Item (consumer receives) > name']);
    expect(impact.changes[0]?.breaks).toEqual([
      {
        consumer: 'lister',
        exchanges: 1,
        example: {
          file: 'lister.jsonl',
          line: 1,
          method: 'GET',
          target: '/items',
          status: 200,
          why: 'receives answer field */name: the new spec takes it away',
        },
      },
    ]);
    expect(impact.changes[0]?.exercises).toEqual([]);
  });

  it('follows a named response to every status that uses it', async () => {
    /** @param {Record<string, unknown>} properties */
    const withNotFound = (properties) =>
      spec((d) => {
        d.components.responses = {
          NotFound: { description: 'Not found.', content: json({ type: 'object', properties }) },
        };
        d.paths['/items/{itemId}'].get.responses['404'] = { $ref: '#/components/responses/NotFound' };
      });
    const before = withNotFound({ code: { type: 'string' }, hint: { type: 'string' } });
    const after = withNotFound({ code: { type: 'string' } });
    const impact = await impactOf(before, after, {
      'reads-hint': [entry({ target: '/items/i-9', status: 404, answerBody: '{"code":"NOT_FOUND","hint":"no"}' })],
      'reads-code': [entry({ target: '/items/i-9', status: 404, answerBody: '{"code":"NOT_FOUND"}' })],
    });
    expect(impact.changes.map((c) => c.change.location)).toEqual(['response NotFound > application/json > hint']);
    expect(verdicts(impact)).toEqual({ 'property-removed': { breaks: ['reads-hint'], exercises: [] } });
  });

  it('judges a header a journal keeps (AccountId), and says so of one it does not', async () => {
    const after = spec((d) => {
      d.paths['/items'].get.parameters = [
        { name: 'AccountId', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
      ];
    });
    const impact = await impactOf(corpusDocument(), after, {
      anonymous: [entry({ answerBody: '[]' })],
      'with-account': [entry({ accountId: 'acc-1', answerBody: '[]' })],
    });
    const [account, trace] = impact.changes;
    expect(account).toMatchObject({ breaks: [{ consumer: 'anonymous' }], exercises: [] });
    expect(account?.breaks[0]?.example.why).toBe('request breaks the new spec: header AccountId is required');
    expect(trace?.breaks).toEqual([]);
    expect(trace?.exercises.map((t) => t.example.why)).toEqual([
      'may send header parameter x-trace (the recording does not keep it): the new spec requires it',
      'may send header parameter x-trace (the recording does not keep it): the new spec requires it',
    ]);
  });

  it('does not judge a body the journal cut, and says the exchange may touch the change', async () => {
    const before = input({ value: { type: 'string', maxLength: 100000 } });
    const after = input({ value: { type: 'string', maxLength: 10 } });
    const cut = JSON.stringify({ value: 'x'.repeat(70_000) }).slice(0, 65_536);
    const impact = await impactOf(before, after, {
      huge: [{ ...post({}), requestBody: cut, truncated: true }],
    });
    expect(impact.changes[0]).toMatchObject({ breaks: [], exercises: [{ consumer: 'huge' }] });
    expect(impact.changes[0]?.exercises[0]?.example.why).toBe(
      'may send request field value (the recording does not keep it): ' + 'the values recorded still fit the new spec',
    );
    expect(impact.unexplained).toEqual([]);
  });

  it('lists apart breaks no breaking change explains, and exchanges of no released operation', async () => {
    const before = input({ value: { type: 'string', maxLength: 50 } });
    const after = input({ value: { type: 'string', maxLength: 5 } });
    // Given no change at all, the violation has nothing to be attributed to.
    const impact = await impactOf(
      before,
      after,
      { writer: [post({ value: 'far too long' }), entry({ target: '/nowhere', status: 404 })] },
      [],
    );
    expect(impact.changes).toEqual([]);
    expect(impact.unexplained).toEqual([
      expect.objectContaining({
        consumer: 'writer',
        exchanges: 1,
        example: expect.objectContaining({ line: 1, why: 'body/value must NOT have more than 5 characters' }),
      }),
    ]);
    expect(impact.outside).toEqual([
      expect.objectContaining({
        consumer: 'writer',
        example: expect.objectContaining({ line: 2, why: 'no operation at /nowhere in the released spec' }),
      }),
    ]);
  });
});

describe('the report', () => {
  it('is a pull-request comment in markdown, whole, and the text the README shows', async () => {
    const before = input({ value: { type: 'string', maxLength: 50 } });
    const after = spec((d) => {
      d.components.schemas.ItemInput = { type: 'object', properties: { value: { type: 'string', maxLength: 20 } } };
      d.servers = [{ url: 'https://api.example.test/v2' }];
      d.info.description = 'Items, and more.';
    });
    const changes = compareSpecs(before, after);
    const impact = await impactOf(before, after, {
      checkout: [post({ value: 'a value of thirty characters!!' }), post({ value: 'short' })],
      catalogue: [post({ value: 'short' })],
      reporting: [entry({ answerBody: '[]' })],
    });
    const result = evaluateSpecGate({
      releasedVersion: '1.0.0',
      currentVersion: '1.0.0',
      changes,
      changesets: [{ id: 'shorter-values', type: 'minor' }],
    });
    const text = gateReport('text', { result, changes, consumers: { dir: 'journals', impact } });
    expect(text.slice(text.indexOf('Consumer recordings read'))).toBe(await readmeOutput('consumers-text'));
    const maxLength = '`schema ItemInput (consumer sends) > value > maxLength`';
    expect(gateReport('markdown', { result, changes, consumers: { dir: 'journals', impact } })).toBe(
      [
        '## Spec gate: FAIL',
        '',
        'Compared with `@payments-connect/openapi@1.0.0`: 3 change(s), 2 breaking, 1 non-breaking.',
        '',
        '> FAIL: 2 breaking change(s), but the release declared for @payments-connect/openapi is only minor ' +
          '(.changeset/shorter-values.md (minor)).',
        '> Make the changeset for @payments-connect/openapi a major one, or undo the breaking change. ' +
          'The rules are in tools/release/README.md.',
        '',
        'Consumer recordings read from `journals`: checkout (2 exchanges), catalogue (1 exchange), ' +
          'reporting (1 exchange).',
        '',
        '### Breaking changes and the consumers they break',
        '',
        '| Change | Where | Breaks | Exercised, not shown broken |',
        '|---|---|---|---|',
        '| `servers-changed`: servers changed (removed https://api.example.test; added https://api.example.test/v2): ' +
          'consumers pick a server by its URL or position | `servers` | not visible in recordings: recordings do not ' +
          'show which server a consumer is configured with |  |',
        '| `request-constraint-tightened`: maxLength 50 -> 20: requests that were valid may be rejected | ' +
          `${maxLength} | 1 consumer: checkout (1 exchange) | 1 consumer: catalogue (1 exchange) |`,
        '',
        '<details><summary>An exchange of each consumer</summary>',
        '',
        `- \`request-constraint-tightened\` at ${maxLength}:`,
        '  - checkout (1 exchange), `checkout.jsonl:1` `POST /items -> 201`: request breaks the new spec: ' +
          'body/value must NOT have more than 20 characters',
        '  - catalogue (1 exchange), `catalogue.jsonl:1` `POST /items -> 201`: sends request field value: ' +
          'the values recorded still fit the new spec',
        '',
        '</details>',
        '',
        '### Other changes',
        '',
        '| Change | Where |',
        '|---|---|',
        '| `documentation`: info.description changed | `info > description` |',
        '',
      ].join('\n'),
    );
  });

  it('says plainly that a change no recorded consumer exercises stays breaking', async () => {
    const before = input({ value: { type: 'string', maxLength: 50 } });
    const after = input({ value: { type: 'string', maxLength: 20 } });
    const changes = compareSpecs(before, after);
    const impact = await impactOf(before, after, { reporting: [entry({ answerBody: '[]' })] });
    const result = evaluateSpecGate({ releasedVersion: '1.0.0', currentVersion: '2.0.0', changes, changesets: [] });
    const text = gateReport('text', { result, changes, consumers: { dir: 'journals', impact } });
    expect(text).toContain(
      [
        'Consumer recordings read from journals: reporting (1 exchange).',
        'Whom each breaking change breaks:',
        '  request-constraint-tightened  schema ItemInput (consumer sends) > value > maxLength',
        '    no recorded consumer exercises it; it stays breaking',
      ].join('\n'),
    );
    const report = JSON.parse(gateReport('json', { result, changes, consumers: { dir: 'journals', impact } }));
    expect(report).toMatchObject({
      ok: true,
      consumers: { changes: [{ change: { rule: 'request-constraint-tightened' }, breaks: [], exercises: [] }] },
    });
  });
});
