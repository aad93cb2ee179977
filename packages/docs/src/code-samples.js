import { curlSample } from './curl-sample.js';
import { sampleInputs } from './sample-inputs.js';
import { typeScriptSample } from './typescript-sample.js';

/** Tab labels Redoc shows above the samples; the browser test looks for them. */
export const TYPESCRIPT_LABEL = 'TypeScript';
export const CURL_LABEL = 'curl';

/**
 * @typedef {object} OperationSamples
 * @property {string} operationId
 * @property {string} method Upper case, as the contract gives it.
 * @property {string} path
 * @property {string} serverUrl The server the samples call.
 * @property {string} typescript The TypeScript sample (a complete module).
 * @property {string} curl The curl sample.
 */

/**
 * Generates the TypeScript and curl samples of every operation and stores them as `x-codeSamples`,
 * which Redoc renders as tabs. Mutates the contract's document.
 * @param {import('@payments-connect/contract').Contract} contract The contract of a copy of the bundled
 *   document: its operations are that copy's Operation Objects.
 * @returns {OperationSamples[]} The samples, in spec order, for the type check of the TypeScript ones.
 */
export function addCodeSamples(contract) {
  return contract.operations.map((entry) => {
    const inputs = sampleInputs(contract, entry);
    const typescript = typeScriptSample(entry, inputs);
    const curl = curlSample(entry, inputs, contract.tokenOperation);
    entry.operation['x-codeSamples'] = [
      { lang: 'TypeScript', label: TYPESCRIPT_LABEL, source: typescript },
      { lang: 'Shell', label: CURL_LABEL, source: curl },
    ];
    const { operationId, method, path } = entry;
    return { operationId, method, path, serverUrl: inputs.serverUrl, typescript, curl };
  });
}
