// examples/validate-an-answer.js
import { loadContract } from '@payments-connect/contract';

const contract = loadContract(); // the bundled description of @payments-connect/openapi
const operation = contract.operation('getRfiCase');
if (!operation) throw new Error('this contract has no getRfiCase');
const verdict = contract.validateResponse(operation, {
  status: 200,
  headers: { 'content-type': 'application/json' },
  bodyText: JSON.stringify({ rfiId: 'not-a-uuid', status: 'OPEN', questions: [], documentRequests: [] }),
});
// What breaks the contract, each place in the body named; nothing when the answer keeps it.
console.log(contract.describeResponseProblems(verdict).join('\n'));
