import { sampleInputs } from './sample-inputs.js';
import { SAMPLE_LANGUAGES } from './sample-languages.js';
import { SAMPLE_SERVER_NOTES } from './sample-server-notes.js';
import { snippetSample } from './snippet-sample.js';
import { typeScriptSample } from './typescript-sample.js';

/** Tab labels Redoc shows above the samples; the browser tests look for them. */
export const TYPESCRIPT_LABEL = 'TypeScript';
export const CURL_LABEL = 'curl';

/** The field of the token exchange's answer that holds the token. */
const TOKEN_FIELD = 'access_token';

/**
 * @typedef {object} OperationSamples
 * @property {string} operationId
 * @property {string} method Upper case, as the contract gives it.
 * @property {string} path
 * @property {string} serverUrl The server the samples call by default.
 * @property {Record<string, string>} sources Each language's sample by its id (`typescript`, `curl`, `python`, ...).
 */

/**
 * Generates the samples of every operation in each language and stores them as `x-codeSamples`, which Redoc renders
 * as tabs. Mutates the contract's document.
 * @param {import('@payments-connect/contract').Contract} contract The contract of a copy of the bundled
 *   document: its operations are that copy's Operation Objects.
 * @param {import('./sample-languages.js').SampleLanguage[]} [languages] The languages, in the tabs' order.
 * @returns {OperationSamples[]} The samples, in spec order.
 */
export function addCodeSamples(contract, languages = SAMPLE_LANGUAGES) {
  const defaults = { token: sampleToken(contract), note: SAMPLE_SERVER_NOTES.placeholder };
  return contract.operations.map((entry) => {
    const inputs = sampleInputs(contract, entry);
    /** @type {Record<string, string>} */
    const sources = {};
    for (const language of languages) {
      sources[language.id] = language.snippet
        ? snippetSample(language, entry, inputs, defaults)
        : typeScriptSample(entry, inputs);
    }
    entry.operation['x-codeSamples'] = languages.map(({ id, label, lang }) => ({
      lang: lang ?? label,
      label,
      source: sources[id],
    }));
    const { operationId, method, path } = entry;
    return { operationId, method, path, serverUrl: inputs.serverUrl, sources };
  });
}

/**
 * The token a sample sends when its environment names none: the token exchange's example answer, a placeholder the
 * mock accepts like any other token.
 * @param {import('@payments-connect/contract').Contract} contract
 * @returns {string}
 */
export function sampleToken(contract) {
  const token = contract.tokenOperation;
  const media = token?.responses.find(({ status }) => status === '200')?.response?.content?.['application/json'];
  const named = Object.values(media?.examples ?? {})[0];
  const value = named ? contract.dereference(named).node.value?.[TOKEN_FIELD] : media?.example?.[TOKEN_FIELD];
  if (typeof value !== 'string') throw new Error(`The token exchange's 200 has no example ${TOKEN_FIELD}`);
  return value;
}
