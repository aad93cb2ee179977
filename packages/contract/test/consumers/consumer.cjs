// A CommonJS consumer (Jest, ts-node, a plain require) loads the package by name, as an installed project does:
// Node's require() of an ES module, which Node 20.19 and later do without a flag. It judges a server's answer
// by the contract.
const { loadContract } = require('@payments-connect/contract');
const bundled = require('@payments-connect/openapi/openapi.json');

const contract = loadContract();
fetch(`${process.env.SERVER_URL}/v1/rfi`).then(async (response) => {
  const verdict = contract.validateExchange({
    method: 'GET',
    target: '/v1/rfi',
    status: response.status,
    headers: response.headers,
    bodyText: await response.text(),
  });
  const problems = verdict.problems.map((problem) => problem.message);
  console.log(JSON.stringify({ version: bundled.info.version, operationId: verdict.operation?.operationId, problems }));
});
