import { createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { sampleToken } from '../src/code-samples.js';
import { sampleInputs } from '../src/sample-inputs.js';
import { SAMPLE_LANGUAGES, sampleLanguages } from '../src/sample-languages.js';
import { SAMPLE_SERVER_NOTES } from '../src/sample-server-notes.js';
import { requestUrl, snippetSample } from '../src/snippet-sample.js';

const contract = createContract(structuredClone(loadBundledDocument()));
const defaults = { token: sampleToken(contract), note: SAMPLE_SERVER_NOTES.placeholder };
/** @param {string} operationId */
const operation = (operationId) => {
  const entry = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!entry) throw new Error(`no ${operationId}`);
  return entry;
};
/** @param {string} id */
const language = (id) => sampleLanguages([id])[0] ?? SAMPLE_LANGUAGES[0];

describe('sampleLanguages', () => {
  it('keeps the page order whatever order they are named in, and all of them when none are named', () => {
    expect(sampleLanguages(['go', 'curl']).map(({ id }) => id)).toEqual(['curl', 'go']);
    expect(sampleLanguages()).toBe(SAMPLE_LANGUAGES);
    expect(new Set(SAMPLE_LANGUAGES.map(({ extension }) => extension))).toEqual(
      new Set(['ts', 'sh', 'py', 'go', 'java', 'kt', 'cs']),
    );
  });

  it('refuses a language the builder does not know, naming it and those it knows', () => {
    expect(() => sampleLanguages(['python', 'ruby'])).toThrow(
      "unknown sample language 'ruby': the builder knows typescript, curl, python, go, java, kotlin, csharp",
    );
  });
});

describe('snippetSample', () => {
  const entry = operation('getRfiCase');
  const inputs = sampleInputs(contract, entry);

  it('reads the base URL, the token and the account from the environment, the placeholders as defaults', () => {
    const python = snippetSample(language('python'), entry, inputs, defaults);
    expect(python).toContain(`BASE_URL = os.environ.get("PAYMENTS_CONNECT_BASE_URL", "${inputs.serverUrl}")`);
    expect(python).toContain(`TOKEN = os.environ.get("PAYMENTS_CONNECT_TOKEN", "${defaults.token}")`);
    const account = inputs.header.find(({ name }) => name === 'AccountId')?.value;
    expect(python).toContain(`ACCOUNT_ID = os.environ.get("PAYMENTS_CONNECT_ACCOUNT_ID", "${account}")`);
    const path = requestUrl(entry.path, inputs).slice(inputs.serverUrl.length);
    expect(python).toContain(`BASE_URL + "${path}"`);
    expect(python).toContain('"Authorization": "Bearer " + TOKEN');
    const curl = snippetSample(language('curl'), entry, inputs, defaults);
    expect(curl).toContain(`curl "$PAYMENTS_CONNECT_BASE_URL${path}"`);
    expect(curl).toContain('--header "Authorization: Bearer $PAYMENTS_CONNECT_TOKEN"');
    expect(curl).toContain('--header "AccountId: $PAYMENTS_CONNECT_ACCOUNT_ID"');
  });

  it('declares in Go only the variables a sample uses, which Go requires', () => {
    const token = operation('createAccessToken');
    const go = snippetSample(language('go'), token, sampleInputs(contract, token), defaults);
    expect(go).toContain('baseURL := envOr("PAYMENTS_CONNECT_BASE_URL"');
    expect(go).not.toContain('PAYMENTS_CONNECT_TOKEN');
    expect(go).not.toContain('PAYMENTS_CONNECT_ACCOUNT_ID');
  });

  it('stops a Go sample on the error of its call rather than read a missing answer, gofmt as written', () => {
    const go = snippetSample(language('go'), entry, inputs, defaults);
    expect(go).toContain('\tres, err := http.DefaultClient.Do(req)\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n');
    expect(go).toContain('\t"log"\n');
    expect(go).toContain('\tfmt.Println(res.StatusCode)\n');
    expect(go).toContain('req.Header.Add("Authorization", "Bearer "+token)');
  });

  it('uploads the file the example names, with its type', () => {
    const upload = operation('uploadPaymentRequestPreviewLogo');
    const uploadInputs = sampleInputs(contract, upload);
    expect(snippetSample(language('python'), upload, uploadInputs, defaults)).toContain(
      '("logo", ("logo.svg", open("logo.svg", "rb"), "image/svg+xml"))',
    );
    expect(snippetSample(language('curl'), upload, uploadInputs, defaults)).toContain(
      "--form 'logo=@logo.svg;type=image/svg+xml'",
    );
  });

  it('has no sample of its own for TypeScript, which uses the client', () => {
    expect(() => snippetSample(language('typescript'), entry, inputs, defaults)).toThrow(/not written by/);
  });
});
