// An ES module consumer loads the package by name, as an installed project does.
import { connectMock, startMock } from '@payments-connect/mock';

const mock = await startMock();
try {
  const response = await fetch(`${mock.url}/v1/rfi`, { headers: { Authorization: 'Bearer any' } }); // no AccountId
  const body = await response.json();
  const [refused] = await connectMock(mock.url).requests();
  console.log(JSON.stringify({ status: response.status, body, journaled: refused?.status }));
} finally {
  await mock.stop();
}
