#!/usr/bin/env node
// The breaking-change gate CI runs: compares the bundled spec with the last release (a git tag) and
// fails when the spec changed with no changeset for it, or broke consumers without a major one. With --consumers, it
// names the recorded consumers each breaking change breaks.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFlags, runFailure, usageError } from '@payments-connect/contract/command-line';
import { runAsCommand } from '@payments-connect/repo-checks/command-line';
import { jsonFileFlag, repositoryRoot } from '../src/command-inputs.js';
import { assessConsumerImpact } from '../src/consumer-impact/consumer-impact.js';
import { readConsumerRecordings } from '../src/consumer-impact/consumer-recordings.js';
import { readChangesetsFor } from '../src/pending-changesets.js';
import { BUNDLED_SPEC_FILE, SPEC_DIR } from '../src/release-constants.js';
import { bundleSpecAtRef, findLastSpecRelease } from '../src/released-spec.js';
import { compareSpecs } from '../src/spec-changes/compare-specs.js';
import { evaluateSpecGate } from '../src/spec-gate.js';
import { gateReport, REPORT_FORMATS } from '../src/spec-gate-report.js';

const COMMAND = {
  name: 'payments-connect-spec-gate',
  usage: `usage: payments-connect-spec-gate [--root DIR] [--current FILE] [--base-file FILE | --base-ref REF]
                                  [--consumers DIR] [--format text|markdown|json]
  --root       repository root (default: this workspace)
  --current    bundled spec to check (default: spec/${BUNDLED_SPEC_FILE})
  --base-file  compare with this bundled spec (e.g. dist/openapi.json of the published package)
  --base-ref   compare with the spec at this git ref instead of the last release tag
  --consumers  a folder of consumers' journals (*.jsonl, one a consumer, named after it): name the consumers
               each breaking change breaks
  --format     text (default), markdown (a pull-request comment) or json
  -h, --help   this help`,
};

// The bins' convention: --help prints the usage; a flag unknown or without its value, or an input that is not there
// or holds no JSON, prints the problem and exits 2; a gate that fails, or cannot run, exits 1.
/**
 * The gate, as its command line asks.
 * @param {string[]} args
 */
export async function main(args) {
  const { values } = readFlags(COMMAND, {
    args,
    options: {
      root: { type: 'string' },
      current: { type: 'string' },
      'base-file': { type: 'string' },
      'base-ref': { type: 'string' },
      consumers: { type: 'string' },
      format: { type: 'string' },
    },
  });
  const format = /** @type {import('../src/spec-gate-report.js').ReportFormat} */ (values.format ?? 'text');
  if (!REPORT_FORMATS.includes(format))
    usageError(COMMAND, `--format must be text, markdown or json, got '${values.format}'`);
  if (values['base-file'] !== undefined && values['base-ref'] !== undefined)
    usageError(COMMAND, 'give --base-file or --base-ref, not both');
  // A base file needs no git: the release tags, or --base-ref, do.
  const root = repositoryRoot(COMMAND, values.root, { git: values['base-file'] === undefined });
  const baseRef = values['base-ref'];
  if (baseRef !== undefined && !isCommit(root, baseRef))
    usageError(COMMAND, `--base-ref ${baseRef}: no such tag, branch or commit in ${root}`);
  // Read before the specs are compared (which may rebuild a release): a folder that is not there is a usage error.
  const recordings =
    values.consumers === undefined
      ? undefined
      : await readConsumerRecordings(values.consumers).catch((/** @type {Error} */ error) =>
          usageError(COMMAND, `--consumers: ${error.message}`),
        );

  const defaultCurrent = join(root, SPEC_DIR, BUNDLED_SPEC_FILE);
  if (values.current === undefined && !existsSync(defaultCurrent)) {
    runFailure(
      COMMAND,
      `${defaultCurrent} is missing: build the spec first (pnpm --filter @payments-connect/openapi build)`,
    );
  }
  const current = jsonFileFlag(COMMAND, '--current', values.current ?? defaultCurrent);
  const { version: currentVersion } = JSON.parse(await readFile(join(root, SPEC_DIR, 'package.json'), 'utf8'));

  /** @type {{ spec?: any, version?: string, name?: string }} */
  let base = {};
  if (values['base-file']) {
    const spec = jsonFileFlag(COMMAND, '--base-file', values['base-file']);
    base = { spec, version: spec.info?.version, name: values['base-file'] };
  } else if (baseRef) {
    const spec = await bundleSpecAtRef(root, baseRef);
    base = { spec, version: spec.info?.version, name: baseRef };
  } else {
    const release = await findLastSpecRelease(root);
    if (release) base = { spec: await bundleSpecAtRef(root, release.tag), version: release.version, name: release.tag };
  }

  const changes = base.spec ? compareSpecs(base.spec, current) : [];
  const result = evaluateSpecGate({
    releasedVersion: base.version,
    baseline: base.name,
    currentVersion,
    changes,
    changesets: await readChangesetsFor(root),
  });
  const consumers = recordings && {
    dir: recordings.dir,
    impact: base.spec
      ? await assessConsumerImpact({ before: base.spec, after: current, changes, ...recordings })
      : undefined,
  };
  console.log(gateReport(format, { result, changes, consumers }));
  // Not process.exit: a long report to a pipe is written out before the process ends.
  process.exitCode = result.ok ? 0 : 1;
}

/**
 * Whether a git ref names a commit of the repository.
 * @param {string} root
 * @param {string} ref
 */
function isCommit(root, ref) {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

await runAsCommand(import.meta.url, main);
