import { describe, expect, it } from 'vitest';
import { lintFixture } from './lint-fixture.js';

const RULE = 'documented-error-set';
const ruleId = `payments-connect/${RULE}`;
const READ = '400, 401, 403, 404, 405, 429, 500';
const WRITE = '400, 401, 403, 404, 405, 415, 429, 500';
const RFI_WRITE = '400, 401, 403, 404, 405, 409, 415, 429, 500';

describe(ruleId, () => {
  it('reports missing and unexpected error statuses per kind, and errors on a success-only operation', async () => {
    expect(await lintFixture(RULE, 'bad.yaml')).toEqual([
      {
        ruleId,
        pointer: '#/paths/~1v1~1payers~1{payerId}/get/responses',
        message:
          `GET /v1/payers/{payerId} is a read and must document ${READ} (interface document, section 4): ` +
          'add 405, 429, each a $ref to the shared error response.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1payers~1{payerId}/get/responses/409',
        message:
          `GET /v1/payers/{payerId} is a read; 409 is not among its documented errors (${READ}): ` +
          'remove the 409 response.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1payers~1{payerId}/get/responses/default',
        message:
          `GET /v1/payers/{payerId} is a read; default is not among its documented errors (${READ}): ` +
          'remove the default response.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1payers~1{payerId}/put/responses',
        message:
          `PUT /v1/payers/{payerId} is a write (modifying verb) and must document ${WRITE} ` +
          '(interface document, section 4): add 415, each a $ref to the shared error response.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1search/get/responses',
        message:
          `GET /v1/search is an operation with a request body and must document ${WRITE} ` +
          '(interface document, section 4): add 415, each a $ref to the shared error response.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1rfi~1{rfiId}~1questions~1{questionId}~1answer/put/responses',
        message:
          `PUT /v1/rfi/{rfiId}/questions/{questionId}/answer is an RFI write and must document ${RFI_WRITE} ` +
          '(interface document, section 4): add 409, each a $ref to the shared error response.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1preview-logo/delete/responses/500',
        message:
          'DELETE /v1/preview-logo (deletePreviewLogo) documents only its success status ' +
          '(redocly.yaml: Section 4: "Only 200 is documented."), yet lists 500: ' +
          'remove the 500 response or drop the exemption.',
      },
    ]);
  });

  it('is silent on exact sets: reads, writes, bodies, RFI writes, success-only operations and webhooks', async () => {
    expect(await lintFixture(RULE, 'good.yaml')).toEqual([]);
  });

  it('reports an exemption without a reason and one that names no operation', async () => {
    expect(await lintFixture(RULE, 'good.yaml', 'stale-exemption.redocly.yaml')).toEqual([
      {
        ruleId,
        pointer: '#/',
        message:
          'The successOnlyOperations exemption of deletePreviewLogo in redocly.yaml gives no reason: ' +
          'state which sentence of the interface document allows it.',
      },
      {
        ruleId,
        pointer: '#/',
        message:
          'redocly.yaml exempts operationId removedOperation from the documented error set, ' +
          'but no operation has that id: remove it from successOnlyOperations or fix the id.',
      },
    ]);
  });
});
