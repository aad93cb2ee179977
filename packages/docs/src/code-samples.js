import { curlSample } from './curl-sample.js';
import { findTokenOperation, listOperations } from './operations.js';
import { sampleInputs } from './sample-inputs.js';
import { typeScriptSample } from './typescript-sample.js';

/** Tab labels Redoc shows above the samples; the browser test looks for them. */
export const TYPESCRIPT_LABEL = 'TypeScript';
export const CURL_LABEL = 'curl';

/**
 * @typedef {object} OperationSamples
 * @property {string} operationId
 * @property {string} method
 * @property {string} path
 * @property {string} typescript The TypeScript sample (a complete module).
 * @property {string} curl The curl sample.
 */

/**
 * Generates the TypeScript and curl samples of every operation and stores them as `x-codeSamples`,
 * which Redoc renders as tabs. Mutates `spec`.
 * @param {object} spec A copy of the bundled OpenAPI document.
 * @returns {OperationSamples[]} The samples, in spec order, for the type check of the TypeScript ones.
 */
export function addCodeSamples(spec) {
  const tokenOperation = findTokenOperation(spec);
  return listOperations(spec).map((entry) => {
    const inputs = sampleInputs(spec, entry);
    const typescript = typeScriptSample(spec, entry, inputs);
    const curl = curlSample(spec, entry, inputs, tokenOperation);
    entry.operation['x-codeSamples'] = [
      { lang: 'TypeScript', label: TYPESCRIPT_LABEL, source: typescript },
      { lang: 'Shell', label: CURL_LABEL, source: curl },
    ];
    return { operationId: entry.operation.operationId, method: entry.method, path: entry.path, typescript, curl };
  });
}
