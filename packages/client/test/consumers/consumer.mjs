// An ES module consumer loads the package by name, as an installed project does.
import { createPaymentsConnectClient } from '@payments-connect/client';

const client = createPaymentsConnectClient(JSON.parse(String(process.env.CLIENT_OPTIONS)));
const { data, response } = await client.GET('/v1/rfi', { params: { query: { includeTerminal: true } } });
console.log(JSON.stringify({ status: response.status, data }));
