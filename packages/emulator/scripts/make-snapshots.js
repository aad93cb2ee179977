#!/usr/bin/env node
// Makes the snapshots the package ships (snapshots/*.json, SHIPPED_SNAPSHOTS), each by calls on a fresh emulator of
// the seed (the spec's examples): the one way they are made. After a change of the spec or of the seed, make them
// again; `pnpm check` names a stale one.
//   node scripts/make-snapshots.js          write them (pnpm --filter @payments-connect/emulator make-snapshots)
//   node scripts/make-snapshots.js --check  exit 1 naming each one that is not what this script makes (pnpm check)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { readFlags } from '@payments-connect/contract/command-line';
import { connectEmulator, SEED_IDS, SHIPPED_SNAPSHOTS, startEmulator } from '../src/index.js';
import { writeSnapshotFile } from '../src/snapshot/snapshot-files.js';

/**
 * The emulator's time while a snapshot is made: its clock stands still there, and its ids and tokens come from a
 * seed (the snapshot's name), so that the same calls make the same snapshot, byte for byte.
 */
const MADE_AT = Date.parse('2025-06-02T09:00:00.000Z');

/** The command that makes them again, as a message names it. */
export const REFRESH = 'run `pnpm --filter @payments-connect/emulator make-snapshots` to make them again';

/** @typedef {keyof typeof SHIPPED_SNAPSHOTS} SnapshotName */

/**
 * @typedef {{ api: (method: string, path: string, json?: unknown) => Promise<unknown>,
 *   control: import('../src/index.js').EmulatorConnection }} Caller the calls a situation is made by: the API's, as the
 *   primary account (any answer but a success fails the making), and the control API's
 */

const rfi = `/v1/rfi/${SEED_IDS.openRfiId}`;
/** @param {string} questionId */
const answerPath = (questionId) => `${rfi}/questions/${questionId}/answer`;

/**
 * How each situation is made: calls of the API and of the control API, on a fresh emulator of the start-up seed.
 * @type {Record<SnapshotName, (caller: Caller) => Promise<void>>}
 */
const SITUATIONS = {
  questionsAnswered: ({ api }) => answerEveryQuestion(api),
  async caseClosedAfterAnswers({ api, control }) {
    await answerEveryQuestion(api);
    await control.closeRfiCase(SEED_IDS.openRfiId);
  },
  async itemApproved({ api, control }) {
    await api('PUT', answerPath(SEED_IDS.openQuestionId), { answer: 'Payment for an invoice of wholesale goods.' });
    await control.approveQuestion(SEED_IDS.openRfiId, SEED_IDS.openQuestionId);
  },
  sessionRefreshed: async ({ api }) => {
    await api('PUT', `/v1/collections/payment-requests/${SEED_IDS.hostedPaymentRequestId}/refresh-session`);
  },
};

/** @param {Caller['api']} api */
async function answerEveryQuestion(api) {
  await api('PUT', answerPath(SEED_IDS.openQuestionId), { answer: 'Payment for an invoice of wholesale goods.' });
  await api('PUT', answerPath(SEED_IDS.secondOpenQuestionId), { answer: 'The beneficiary is our supplier.' });
}

/**
 * Makes one shipped snapshot: a fresh emulator, the situation's calls, its state with the situation as its note (and
 * the mark of a generated file: make it again, never edit it).
 * @param {SnapshotName} name
 * @returns {Promise<import('../src/index.js').EmulatorSnapshot>}
 */
export async function makeSnapshot(name) {
  const emulator = await startEmulator({ strict: true, now: () => MADE_AT, randomSeed: name });
  try {
    const control = connectEmulator(emulator.url);
    const token = /** @type {{ access_token: string }} */ (
      await send(emulator.url, 'POST', '/auth/token', {}, emulator.credentials)
    );
    const headers = { authorization: `Bearer ${token.access_token}`, AccountId: emulator.accounts.primary.accountId };
    await SITUATIONS[name]({ api: (method, path, json) => send(emulator.url, method, path, headers, json), control });
    const snapshot = await control.state();
    // First in the file: the line-length check knows a generated file by its first lines.
    const note = `GENERATED FILE (scripts/make-snapshots.js): ${SHIPPED_SNAPSHOTS[name].shows}`;
    snapshot.header = { note, ...snapshot.header };
    if (emulator.violations.length > 0)
      throw new Error(`${name}: answers broke the spec: ${JSON.stringify(emulator.violations)}`);
    return snapshot;
  } finally {
    await emulator.stop();
  }
}

/**
 * @param {string} base @param {string} method @param {string} path @param {Record<string, string>} headers
 * @param {unknown} [json]
 */
async function send(base, method, path, headers, json) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * What a shipped snapshot must hold to be current: everything but when and from which release of the contract it
 * was made. A release that changes nothing of the state leaves the files as they are; every emulator of the same
 * major version restores them.
 * @param {any} snapshot
 */
export function contentOf(snapshot) {
  const { takenAt, takenFrom, ...header } = snapshot.header;
  return { ...snapshot, header: { ...header, takenFrom: { title: takenFrom?.title } } };
}

const COMMAND = {
  name: 'make-snapshots',
  usage: `usage: node scripts/make-snapshots.js [--check]
  --check      exit 1 when a shipped snapshot is not what this script makes (writes nothing)
  -h, --help   this help`,
};

/**
 * Makes the shipped snapshots, or checks them, as the command line asks; any other argument is a usage error (exit 2)
 * before an emulator starts.
 * @param {string[]} args
 */
export async function main(args) {
  const check = readFlags(COMMAND, { args, options: { check: { type: 'boolean' } } }).values.check === true;
  const stale = [];
  const names = /** @type {SnapshotName[]} */ (Object.keys(SHIPPED_SNAPSHOTS));
  for (const name of names) {
    const { file } = SHIPPED_SNAPSHOTS[name];
    const snapshot = await makeSnapshot(name);
    if (!check) {
      writeSnapshotFile(file, snapshot);
      console.log(`wrote ${file}`);
      continue;
    }
    const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { header: {} };
    if (!isDeepStrictEqual(contentOf(current), contentOf(snapshot))) stale.push(file);
  }
  // In the repository's one format (Biome's), which the lint holds every JSON file to.
  if (!check) {
    const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
    execFileSync(process.execPath, [biome, 'format', '--write', ...names.map((name) => SHIPPED_SNAPSHOTS[name].file)]);
  }
  if (stale.length > 0) {
    for (const file of stale) console.error(`stale shipped snapshot: ${file}`);
    console.error(`${stale.length} shipped snapshot(s) not what the seed and their situations make: ${REFRESH}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
