// examples/answer-from-code.js
import { loadContract } from '@payments-connect/contract';
import { RefusalError } from '@payments-connect/contract/control';
import { startServer } from '@payments-connect/contract/server';

const server = await startServer({
  contract: loadContract(),
  name: 'rfi-double',
  // Called for each request that keeps the contract, with its operation and its values, typed by the contract.
  answer: ({ operation, values }) => {
    if (operation.operationId !== 'getRfiCase') throw new RefusalError(404, `${operation.operationId}: not here`);
    return { status: 200, body: { rfiId: values.path.rfiId, status: 'OPEN', questions: [], documentRequests: [] } };
  },
});
const rfiId = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const headers = { Authorization: 'Bearer any', AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };
const answer = await fetch(`${server.url}/v1/rfi/${rfiId}`, { headers });
console.log(answer.status, await answer.json());
const refused = await fetch(`${server.url}/v1/rfi/not-an-id`, { headers }); // refused by the pipeline, 400
console.log(refused.status, (await refused.json()).code);
await server.stop();
