import { bundledContract } from './bundled-contract.js';

/**
 * The seed data is what the spec's named examples name: each fixture id below is read from the example that names
 * it, so that every named example, sent to the emulator as it is, finds the record it means and gets the answer its
 * response example shows (test/named-examples.test.js proves it for every example).
 */

/**
 * Fixture -> [operationId, parameter, example name] whose value is the fixture's id.
 * @satisfies {Record<string, [string, string, string]>}
 */
const PARAMETER_FIXTURES = {
  openRfiId: ['getRfiCase', 'rfiId', 'openCase'],
  closedRfiId: ['getRfiCase', 'rfiId', 'closedCase'],
  cancelledRfiId: ['getRfiCase', 'rfiId', 'cancelledCase'],
  otherAccountRfiId: ['getRfiCase', 'rfiId', 'otherAccountCase'],
  openQuestionId: ['answerRfiQuestion', 'questionId', 'answered'],
  approvedQuestionId: ['answerRfiQuestion', 'questionId', 'rfiItemAlreadyApproved'],
  closedQuestionId: ['answerRfiQuestion', 'questionId', 'rfiNotOpen'],
  otherAccountQuestionId: ['answerRfiQuestion', 'questionId', 'otherAccountCase'],
  openDocumentRequestId: ['attachRfiDocument', 'documentRequestId', 'attached'],
  approvedDocumentRequestId: ['attachRfiDocument', 'documentRequestId', 'rfiItemAlreadyApproved'],
  closedDocumentRequestId: ['attachRfiDocument', 'documentRequestId', 'rfiNotOpen'],
  otherAccountDocumentRequestId: ['attachRfiDocument', 'documentRequestId', 'otherAccountCase'],
  hostedPaymentRequestId: ['refreshPaymentRequestSession', 'paymentRequestId', 'hostedUnpaid'],
  hostedPartPaidPaymentRequestId: ['refreshPaymentRequestSession', 'paymentRequestId', 'hostedPartPaid'],
  nonHostedPaymentRequestId: ['refreshPaymentRequestSession', 'paymentRequestId', 'notHostedPage'],
  paidPaymentRequestId: ['refreshPaymentRequestSession', 'paymentRequestId', 'notRefreshableStatus'],
  payerId: ['getPayer', 'payerId', 'payer'],
  beneficiaryId: ['getBeneficiary', 'beneficiaryId', 'beneficiary'],
  userId: ['getUser', 'userId', 'user'],
  secondUserId: ['deactivateUser', 'userId', 'deactivatedUser'],
  personId: ['getRelatedPerson', 'personId', 'director'],
  corporateId: ['getRelatedCorporate', 'corporateId', 'parentCompany'],
  primaryAccountId: ['getRfiCase', 'AccountId', 'openCase'],
};

/**
 * Fixture -> [operationId, example name, where in that response example's value] for the ids only a response
 * example shows (the items of a case no write example names).
 * @satisfies {Record<string, [string, string, (value: any) => unknown]>}
 */
const RESPONSE_FIXTURES = {
  secondOpenQuestionId: ['getRfiCase', 'openCase', (value) => value.questions?.[1]?.questionId],
  cancelledQuestionId: ['getRfiCase', 'cancelledCase', (value) => value.questions?.[0]?.questionId],
  cancelledDocumentRequestId: [
    'getRfiCase',
    'cancelledCase',
    (value) => value.documentRequests?.[0]?.documentRequestId,
  ],
};

/**
 * @param {string} operationId
 * @returns {import('@payments-connect/contract').ContractOperation}
 */
function operation(operationId) {
  const found = bundledContract.operation(operationId);
  if (!found) throw new Error(`the spec has no operation ${operationId}: the emulator's seed reads its examples`);
  return found;
}

/**
 * @param {string} fixture
 * @param {unknown} value
 * @param {string} where
 */
function asId(fixture, value, where) {
  if (typeof value !== 'string' || value === '') {
    throw new Error(`${where} gives no id for the emulator's fixture ${fixture}: the seed is read from the examples`);
  }
  return value;
}

/** @typedef {keyof typeof PARAMETER_FIXTURES | keyof typeof RESPONSE_FIXTURES} ExampleFixture */

/**
 * The fixture ids the spec's examples give, by fixture name.
 */
export const EXAMPLE_IDS = /** @type {Readonly<Record<ExampleFixture, string>>} */ (
  Object.freeze({
    ...Object.fromEntries(
      Object.entries(PARAMETER_FIXTURES).map(([fixture, [operationId, parameter, name]]) => {
        const value = operation(operationId).parameters.find((p) => p.name === parameter)?.examples[name];
        return [fixture, asId(fixture, value, `the ${parameter} example ${name} of ${operationId}`)];
      }),
    ),
    ...Object.fromEntries(
      Object.entries(RESPONSE_FIXTURES).map(([fixture, [operationId, name, pick]]) => {
        const op = operation(operationId);
        const value = bundledContract.namedExamples(op).find((named) => named.name === name)?.response?.example?.value;
        return [fixture, asId(fixture, value && pick(value), `the response example ${name} of ${operationId}`)];
      }),
    ),
  })
);

/** The client credentials of the token request example, the ones the emulator accepts unless told otherwise. */
export const EXAMPLE_CREDENTIALS = (() => {
  const token = bundledContract
    .namedExamples(operation('createAccessToken'))
    .find((named) => named.name === 'clientCredentials');
  const value = token?.body?.example.value;
  if (typeof value?.clientId !== 'string' || typeof value?.clientSecret !== 'string') {
    throw new Error('the spec has no clientCredentials example of createAccessToken: the emulator accepts its values');
  }
  return Object.freeze({ clientId: value.clientId, clientSecret: value.clientSecret });
})();
