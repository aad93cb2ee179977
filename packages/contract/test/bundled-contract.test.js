// The module the build writes (`scripts/compile-validators.js`): the bundled description and the validators compiled
// from it, one for each schema the model checks values against, so that no check compiles a schema as it runs.
import { describe, expect, it } from 'vitest';
import { bundledDocument, validators } from '../dist/bundled-contract.js';
import { loadBundledDocument, loadContract } from '../src/contract.js';
import { listOperations, listWebhooks } from '../src/model/operations.js';
import { createRequestValidator } from '../src/model/request-validator.js';
import { validateErrorAnswer, validateResponse } from '../src/model/response-validator.js';
import { createSchemaValidator } from '../src/model/schema-validator.js';
import { validatedSchemaPointers } from '../src/model/validated-schemas.js';
import { createWebhookPayloadCheck } from '../src/model/webhook-payload-check.js';

describe('the bundled contract compiled at build', () => {
  it('is the bundled description, with a validator for each schema the model checks', () => {
    const document = loadBundledDocument();
    expect(bundledDocument()).toEqual(document);
    // A copy for each caller: no two contracts share a document one of them could change.
    expect(bundledDocument()).not.toBe(bundledDocument());
    expect(Object.keys(validators)).toEqual(validatedSchemaPointers(document));
    expect(Object.keys(validators).length).toBeGreaterThan(50);
    expect(Object.isFrozen(validators)).toBe(true);
  });

  it("checks the named examples' requests and answers, and every payload, without compiling a schema", async () => {
    const document = bundledDocument();
    /** @type {string[]} */
    const compiled = [];
    const { validateAt } = createSchemaValidator(document, validators, (pointer) => {
      compiled.push(pointer);
      return () => true;
    });
    const requests = createRequestValidator(document, validateAt);
    const contract = loadContract();
    let checks = 0;
    for (const operation of listOperations(document)) {
      for (const named of contract.namedExamples(operation)) {
        if (named.problems.length === 0) {
          const { method, target, headers, body } = contract.exampleRequest(operation, named.name);
          const match = contract.match(method, target);
          if (match.kind !== 'matched') throw new Error(`${operation.operationId} ${named.name}: ${match.kind}`);
          const head = Object.fromEntries(
            Object.entries(headers).map(([name, value]) => [name.toLowerCase(), [value]]),
          );
          requests.checkHead(operation, { headers: head, pathParams: match.pathParams, query: match.query });
          await requests.checkBody(operation, { headers: head, body });
          checks += 1;
        }
      }
      for (const documented of operation.responses) {
        // Every documented header sent, so that each header's schema is checked.
        const headers = Object.fromEntries(Object.keys(documented.response.headers ?? {}).map((name) => [name, '1']));
        const example = contract
          .namedExamples(operation)
          .find(({ response }) => response?.status === documented.status);
        const value = example?.response?.example?.value ?? {};
        const status = Number(documented.status) || 500;
        validateResponse(document, validateAt, operation, {
          status,
          headers: { ...headers, 'content-type': 'application/json' },
          bodyText: JSON.stringify(value),
        });
        checks += 1;
      }
    }
    const webhooks = listWebhooks(document);
    const checkPayload = createWebhookPayloadCheck(webhooks, validateAt);
    for (const { name } of webhooks) checkPayload(name, {});
    validateErrorAnswer(validateAt, { status: 400, headers: { 'content-type': 'application/json' }, bodyText: '{}' });
    expect(checks).toBeGreaterThan(100);
    expect(webhooks.length).toBeGreaterThan(0);
    expect(compiled).toEqual([]);
  });
});
