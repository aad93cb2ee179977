// examples/fetch-handler.js
import { bundledDocument, validators } from '@payments-connect/contract/bundled';
import {
  createContract,
  createFetchHandler,
  createRequestJournal,
  journalExchanges,
  servingPolicy,
} from '@payments-connect/contract/fetch';

// The bundled description, its schemas checked by the validators its build compiled: no code is compiled as it runs.
const contract = createContract(bundledDocument(), { validators });
const journal = createRequestJournal();
const handle = createFetchHandler({
  contract,
  name: 'rfi-double',
  answer: ({ values }) => ({
    status: 200,
    body: { rfiId: values.path.rfiId, status: 'OPEN', questions: [], documentRequests: [] },
  }),
  // strict: an answer of ours that breaks the contract becomes a 500 naming each violation.
  policy: servingPolicy(contract, { name: 'rfi-double', strict: true }),
  publish: journalExchanges(journal, contract.tokenOperation),
});
// With MSW: http.all('https://api.example.test/*', ({ request }) => handle(request))
const headers = { Authorization: 'Bearer any', AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };
const answer = await handle(
  new Request('https://api.example.test/v1/rfi/4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f', { headers }),
);
console.log(answer.status, (await answer.json()).status);
const refused = await handle(new Request('https://api.example.test/v1/rfi/not-an-id', { headers }));
console.log(refused.status, (await refused.json()).code, journal.entries().length);
