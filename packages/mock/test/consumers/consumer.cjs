// A CommonJS consumer (Jest, ts-node, a plain require) loads the package by name, as an installed project does:
// Node's require() of an ES module, which Node 20.19 and later do without a flag.
const { connectMock, startMock } = require('@payments-connect/mock');

startMock().then(async (mock) => {
  try {
    const headers = { Authorization: 'Bearer any', AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    const response = await fetch(`${mock.url}/v1/rfi`, { headers });
    const body = await response.json();
    const requests = await connectMock(mock.url).requests({ operationId: 'listRfiCases' });
    console.log(JSON.stringify({ status: response.status, body, requests: requests.length }));
  } finally {
    await mock.stop();
  }
});
