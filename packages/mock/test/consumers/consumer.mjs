// An ES module consumer loads the package by name, as an installed project does.
import { startMock } from '@payments-connect/mock';

const mock = await startMock();
try {
  const response = await fetch(`${mock.url}/v1/rfi`, { headers: { Authorization: 'Bearer any' } }); // no AccountId
  console.log(JSON.stringify({ status: response.status, body: await response.json() }));
} finally {
  await mock.stop();
}
