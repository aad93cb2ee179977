// The page of the browser test (msw-browser.test.js): the README's browser recipe, then what a page's tests do with
// it, each result written into the page for the test to read once `html[data-rendered]` is set.
import { FixtureError, fixtures } from '@payments-connect/mock/msw';
import { client, mock, worker } from '../../readme-msw/browser-page.js';

const rfiId = 'd3b07384-d9a0-4c3b-9f6e-2b2d1a6f1e11';
const questionId = '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071';
const results: Record<string, unknown> = {};

/** What an answer says: its status, the example it was made from, its body. */
async function said(response: Response) {
  const text = await response.text();
  return { status: response.status, servedExample: response.headers.get('Served-Example'), body: JSON.parse(text) };
}

// The spec's example, with the id asked for, through the client (its token exchange first).
const read = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
results.read = {
  status: read.response.status,
  body: read.data,
  servedExample: read.response.headers.get('Served-Example'),
};
// A refusal in the service's envelope: no AccountId.
results.refused = await said(await fetch(`${mock.baseUrl}/v1/rfi`, { headers: { Authorization: 'Bearer page' } }));
// An operation switched to an error example in one line.
mock.setAnswer('answerRfiQuestion', 'code=409, example=rfiNotOpen');
const answered = await client.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
  params: { path: { rfiId, questionId } },
  body: { answer: 'Our supplier' },
});
results.configured = { status: answered.response.status, body: answered.error };
// An override, and one that breaks the contract: refused 500, naming the field and the rule.
worker.use(
  mock.override('listRfiCases', () => ({ status: 200, body: { items: [fixtures.getRfiCase.closedCase({ rfiId })] } })),
);
results.overridden = (await client.GET('/v1/rfi')).data;
worker.resetHandlers(); // the mock's answers again
// @ts-expect-error an RFI case's rfiId is a string: the compiler refuses it, and so does the contract when served
worker.use(mock.override('getRfiCase', () => ({ status: 200, body: { rfiId: 7, status: 'OPEN' } })));
results.brokenOverride = await said(
  await fetch(`${mock.baseUrl}/v1/rfi/${rfiId}`, { headers: { Authorization: 'Bearer page', AccountId: rfiId } }),
);
worker.resetHandlers();
// A generated answer needs Node: refused, saying so.
results.dynamic = await said(
  await fetch(`${mock.baseUrl}/v1/rfi`, {
    headers: { Authorization: 'Bearer page', AccountId: rfiId, Prefer: 'dynamic=true' },
  }),
);
// A fixture that breaks the contract.
try {
  fixtures.getRfiCase.closedCase({ rfiId: 'case-1' });
} catch (error) {
  results.fixture = error instanceof FixtureError ? error.message : String(error);
}
// What the handlers received, as the journal has it.
results.journal = mock.requests().map(({ operationId, status, notes }) => ({ operationId, status, notes }));

document.querySelector('#results')!.textContent = JSON.stringify(results);
document.documentElement.dataset.rendered = 'true';
