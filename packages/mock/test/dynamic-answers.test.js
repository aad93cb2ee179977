// --dynamic and --seed: answers generated from the schemas by Prism's generator, loaded on first use.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const HEADERS = { AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e', Authorization: 'Bearer t' };
const RFI_PATH = '/v1/rfi/4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** @type {import('../src/index.js').RunningMock} */
let seeded;
beforeAll(async () => {
  seeded = await startMock({ dynamic: true, seed: '7' });
});
afterAll(() => seeded?.stop());

/** @param {string} url @param {Record<string, string>} [headers] */
const getJson = async (url, headers = HEADERS) => (await fetch(`${url}${RFI_PATH}`, { headers })).json();

it('generates answers from the schema, the same ones for the same seed', async () => {
  const first = await getJson(seeded.url);
  const second = await getJson(seeded.url);
  expect(first).toEqual(second);
  // The case asked for, generated: its id is the path's, its questions none of the named example's.
  expect(first.rfiId).toBe(RFI_PATH.split('/').at(-1));
  expect(first.questions?.[0]?.questionId).toMatch(UUID);
  expect(first.questions?.[0]?.questionId).not.toBe('6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071');
  expect(Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('@stoplight'))).toBe(true);
});

it('a seeded mock started again answers the same', async () => {
  const again = await startMock({ dynamic: true, seed: '7' });
  try {
    expect(await getJson(again.url)).toEqual(await getJson(seeded.url));
  } finally {
    await again.stop();
  }
});

it('Prefer: example= picks a named example in dynamic mode; dynamic=true works on a static mock', async () => {
  const body = await getJson(seeded.url, { ...HEADERS, Prefer: 'dynamic=false, example=closedCase' });
  expect(body.status).toBe('CLOSED');
  const staticMock = await startMock();
  try {
    const generated = await getJson(staticMock.url, { ...HEADERS, Prefer: 'dynamic=true, seed=7' });
    expect(generated).toEqual(await getJson(seeded.url));
  } finally {
    await staticMock.stop();
  }
});
