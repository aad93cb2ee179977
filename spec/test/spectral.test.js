// Spectral's OpenAPI ruleset (`spectral:oas`, its recommended rules, as `extends: spectral:oas` runs them) on what
// other teams' tools read: the published bundle, YAML and JSON, and the source bundled by a plain `redocly bundle`,
// without this repository's configuration (a team that bundles the source itself gets that one).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json, Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const REDOCLY_BIN = join(PACKAGE_DIR, 'node_modules', '.bin', 'redocly');
/** Silences Redocly's telemetry and update check: the test stays offline and quiet. */
const QUIET_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

/**
 * Rules of `spectral:oas` this description breaks on purpose, each with its reason; they are turned off. None: every
 * finding so far was a fault of the description and was fixed there.
 * @type {Record<string, string>}
 */
const EXCEPTIONS = {};

/** Spectral's severities (`DiagnosticSeverity` of `@stoplight/types`): an error is 0, a warning 1. */
const SEVERITY_NAMES = ['error', 'warning', 'information', 'hint'];

/** Loading the rulesets and a Redocly process take seconds on a busy machine; the verdict never depends on it. */
const SPECTRAL_TIMEOUT_MS = 120_000;

const spectral = new Spectral();
spectral.setRuleset({
  // Spectral's typings describe a ruleset's own definition (which names no `extends`) narrower than it takes it.
  extends: [[/** @type {import('@stoplight/spectral-core').RulesetDefinition} */ (oas), 'recommended']],
  rules: Object.fromEntries(Object.keys(EXCEPTIONS).map((rule) => [rule, 'off'])),
});

const plainDir = mkdtempSync(join(tmpdir(), 'plain-redocly-bundle-'));
afterAll(() => rmSync(plainDir, { recursive: true, force: true }));

/**
 * `redocly bundle openapi.yaml` as anyone runs it: from a folder with no `redocly.yaml`, so that neither this
 * repository's lint plugin nor its configuration takes part.
 * @returns {Promise<string>} the bundle's path
 */
async function plainRedoclyBundle() {
  const output = join(plainDir, 'openapi.yaml');
  await promisify(execFile)(REDOCLY_BIN, ['bundle', join(PACKAGE_DIR, 'openapi.yaml'), '-o', output], {
    cwd: plainDir,
    env: { ...process.env, ...QUIET_ENV },
  });
  return output;
}

/**
 * Spectral's findings on a file, as `severity rule path: message`, errors and warnings only.
 * @param {string} file
 * @returns {Promise<string[]>}
 */
async function spectralFindings(file) {
  const text = readFileSync(file, 'utf8');
  const document = file.endsWith('.json') ? new Document(text, Json, file) : new Document(text, Yaml, file);
  const results = await spectral.run(document);
  return results
    .filter((result) => result.severity <= 1)
    .map(({ severity, code, path, message }) => `${SEVERITY_NAMES[severity]} ${code} ${path.join('.')}: ${message}`);
}

/**
 * The multipart request examples of a bundle, by `operationId name`: what the check must find to have checked
 * anything (a bundle without them, or with them as something other than an object of parts, proves nothing).
 * @param {string} file
 */
function multipartExamples(file) {
  const document = readBundle(file);
  /** @param {any} node a node of the document, or a local `$ref` to one */
  const resolve = (node) =>
    node?.$ref
      ? String(node.$ref)
          .slice(2)
          .split('/')
          .reduce((at, key) => at?.[key], document)
      : node;
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(/** @type {Record<string, any>} */ (item)).filter((operation) => operation?.operationId),
  );
  const found = operations.flatMap((operation) =>
    Object.entries(resolve(operation.requestBody)?.content?.['multipart/form-data']?.examples ?? {}).map(
      ([name, example]) => [`${operation.operationId} ${name}`, resolve(example)?.value],
    ),
  );
  return { operations: operations.length, examples: Object.fromEntries(found) };
}

/**
 * A bundle, JSON or YAML, parsed.
 * @param {string} file
 * @returns {any}
 */
function readBundle(file) {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parse(text);
}

const bundles = /** @type {const} */ ([
  ['the published bundle, YAML', () => join(PACKAGE_DIR, 'dist', 'openapi.yaml')],
  ['the published bundle, JSON', () => join(PACKAGE_DIR, 'dist', 'openapi.json')],
  ['a plain `redocly bundle` of the source', plainRedoclyBundle],
]);

describe('spectral:oas', { timeout: SPECTRAL_TIMEOUT_MS }, () => {
  it.each(bundles)('finds no error and no warning in %s', async (_label, bundle) => {
    const file = await bundle();
    const { operations, examples } = multipartExamples(file);
    expect(operations).toBeGreaterThan(0);
    expect(Object.keys(examples)).toEqual(
      expect.arrayContaining(['uploadPaymentRequestPreviewLogo hostedUnpaid', 'attachRfiDocument attached']),
    );
    const notObjects = Object.entries(examples).filter(
      ([, value]) => value === null || typeof value !== 'object' || Array.isArray(value),
    );
    expect(notObjects).toEqual([]);
    expect(await spectralFindings(file)).toEqual([]);
  });

  it('can fail: a multipart example given as its serialized body is an error', async () => {
    const document = readBundle(join(PACKAGE_DIR, 'dist', 'openapi.json'));
    document.components.examples.RfiDocumentUpload.value = '--b\r\nContent-Disposition: form-data; name="document"';
    const file = join(plainDir, 'serialized-example.json');
    writeFileSync(file, JSON.stringify(document));
    expect(await spectralFindings(file)).toEqual([
      expect.stringMatching(/^error oas3-valid-media-example components\.examples\.RfiDocumentUpload\.value: /),
    ]);
  });
});
