// A CommonJS consumer (Jest, ts-node, a plain require) loads the package by name, as an installed project does.
const { createPaymentsConnectClient } = require('@payments-connect/client');

const client = createPaymentsConnectClient(JSON.parse(String(process.env.CLIENT_OPTIONS)));
client
  .GET('/v1/rfi', { params: { query: { includeTerminal: true } } })
  .then(({ data, response }) => console.log(JSON.stringify({ status: response.status, data })));
