// An ES module consumer loads the package by name, as an installed project does, and reads the contract.
import { loadContract } from '@payments-connect/contract';

const contract = loadContract();
const operation = contract.operation('listRfiCases');
const response = await fetch(`${process.env.SERVER_URL}/v1/rfi`);
const answer = { status: response.status, headers: response.headers, bodyText: await response.text() };
const verdict = operation && contract.validateResponse(operation, answer);
console.log(JSON.stringify({ operations: contract.operations.length, problems: verdict?.problems.length }));
