import { startMock } from '@payments-connect/mock';
import { resetLedger } from './coverage-ledger.js';
import { mockTarget } from './mock-target.js';
import { loadTargetConfig } from './target-config.js';

/**
 * vitest globalSetup of the suite: reads the target from the environment (one clear error when sandbox
 * settings are missing), starts the mock when the target is the mock, and hands the target to the tests
 * (`inject('conformanceTarget')`).
 * @param {import('vitest/node').TestProject} project
 */
export default async function setup(project) {
  const config = loadTargetConfig(process.env);
  resetLedger();
  if (config.kind === 'sandbox') {
    project.provide('conformanceTarget', config);
    return undefined;
  }
  const mock = await startMock();
  project.provide('conformanceTarget', mockTarget(mock.url));
  return () => mock.stop();
}
