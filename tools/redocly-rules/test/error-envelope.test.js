import { describe, expect, it } from 'vitest';
import { lintFixture } from './lint-fixture.js';

const RULE = 'error-envelope';
const ruleId = `payments-connect/${RULE}`;
const NO_JSON =
  'has no application/json content: error bodies use the section 7 envelope; ' +
  'add content.application/json with schema $ref ErrorEnvelope and a named example.';
const NOT_ENVELOPE = 'does not use the error envelope: set its application/json schema to a $ref to ErrorEnvelope.';
const NO_NAMED_EXAMPLE =
  'has no named example: add an examples map with at least one named example of the envelope ' +
  '(a bare "example" has no name to pair it by).';
const SHARED_404 = 'The 404 response of GET /v1/payers/{payerId} (shared: #/components/responses/NotFound)';

describe(ruleId, () => {
  it('reports error responses without JSON, without the envelope or without a named example', async () => {
    expect(await lintFixture(RULE, 'bad.yaml')).toEqual([
      {
        ruleId,
        pointer: '#/paths/~1v1~1payers~1{payerId}/get/responses/400',
        message: `The 400 response of GET /v1/payers/{payerId} ${NO_JSON}`,
      },
      // The shared response is reported once, where it is defined, though two operations use it.
      {
        ruleId,
        pointer: '#/components/responses/NotFound/content/application~1json/schema',
        message: `${SHARED_404} ${NOT_ENVELOPE}`,
      },
      {
        ruleId,
        pointer: '#/components/responses/NotFound/content/application~1json',
        message: `${SHARED_404} ${NO_NAMED_EXAMPLE}`,
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1payers~1{payerId}/get/responses/500/content/application~1json',
        message: `The 500 response of GET /v1/payers/{payerId} ${NO_NAMED_EXAMPLE}`,
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1payers~1{payerId}/put/responses/415',
        message: `The 415 response of PUT /v1/payers/{payerId} ${NO_JSON}`,
      },
    ]);
  });

  it('is silent on inline and shared envelope responses with named examples', async () => {
    expect(await lintFixture(RULE, 'good.yaml')).toEqual([]);
  });
});
