import { ACCOUNT_IDS, SEED_IDS } from './seed.js';

/**
 * The seed is what the spec's named examples name and show: each fixture id below is read from the example of the
 * contract an emulator serves that names it, and each record an example shows is that example, so that every named
 * example, sent to the emulator as it is, finds the record it means and gets the answer its response example shows
 * (test/named-examples.test.js proves it for every example).
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
 * Record of the seed -> [operationId, example name] of the response example that shows it: a read's where there is
 * one, so that the seed is what a read of it answers (a payment request has none: its refreshed session's).
 * @type {Record<import('./seed.js').ExampleFixture, [string, string]>}
 */
const RECORD_EXAMPLES = {
  openRfiId: ['getRfiCase', 'openCase'],
  closedRfiId: ['getRfiCase', 'closedCase'],
  cancelledRfiId: ['getRfiCase', 'cancelledCase'],
  hostedPaymentRequestId: ['refreshPaymentRequestSession', 'hostedUnpaid'],
  hostedPartPaidPaymentRequestId: ['refreshPaymentRequestSession', 'hostedPartPaid'],
  payerId: ['getPayer', 'payer'],
  beneficiaryId: ['getBeneficiary', 'beneficiary'],
  userId: ['getUser', 'user'],
  personId: ['getRelatedPerson', 'director'],
  corporateId: ['getRelatedCorporate', 'parentCompany'],
  businessProfile: ['getBusinessProfile', 'businessProfile'],
};

/**
 * The seed of an emulator serving `contract`: the start-up seed's ids its examples name (the rest are the emulator's
 * own, `SEED_IDS`), the records its examples show (a spec without one of them: the record its builder makes), and the
 * credentials of its token request example (an Error names an example of an id or the credentials it lacks).
 * @param {import('@payments-connect/contract').Contract} contract
 * @returns {import('./seed.js').Seed}
 */
export function exampleSeed(contract) {
  /** @param {string} operationId */
  const operation = (operationId) => {
    const found = contract.operation(operationId);
    if (!found) throw new Error(`the spec has no operation ${operationId}: the emulator's seed reads its examples`);
    return found;
  };
  /** @param {string} fixture @param {unknown} value @param {string} where */
  const asId = (fixture, value, where) => {
    if (typeof value === 'string' && value !== '') return value;
    throw new Error(`${where} gives no id for the emulator's fixture ${fixture}: the seed is read from the examples`);
  };
  /** @type {Record<string, string>} */
  const found = {};
  for (const [fixture, [operationId, parameter, name]] of Object.entries(PARAMETER_FIXTURES)) {
    const value = operation(operationId).parameters.find((p) => p.name === parameter)?.examples[name];
    found[fixture] = asId(fixture, value, `the ${parameter} example ${name} of ${operationId}`);
  }
  for (const [fixture, [operationId, name, pick]] of Object.entries(RESPONSE_FIXTURES)) {
    const value = operation(operationId) && exampleValue(contract, operationId, name);
    found[fixture] = asId(fixture, value && pick(value), `the response example ${name} of ${operationId}`);
  }
  const token = contract
    .namedExamples(operation('createAccessToken'))
    .find((named) => named.name === 'clientCredentials');
  const credentials = token?.body?.example.value;
  if (typeof credentials?.clientId !== 'string' || typeof credentials?.clientSecret !== 'string')
    throw new Error('the spec has no clientCredentials example of createAccessToken: the emulator accepts its values');
  const { primaryAccountId, ...ids } = found;
  /** @type {import('./seed.js').Seed['examples']} */
  const examples = {};
  for (const [fixture, [operationId, name]] of Object.entries(RECORD_EXAMPLES)) {
    const value = contract.operation(operationId) && exampleValue(contract, operationId, name);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      examples[/** @type {import('./seed.js').ExampleFixture} */ (fixture)] = value;
  }
  return {
    accountIds: { ...ACCOUNT_IDS, primary: /** @type {string} */ (primaryAccountId) },
    ids: /** @type {import('./seed.js').SeedIds} */ ({ ...SEED_IDS, ...ids }),
    examples,
    credentials: { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
  };
}

/**
 * An example's value, or undefined when the spec has none of that name.
 * @param {import('@payments-connect/contract').Contract} contract @param {string} operationId @param {string} name
 */
function exampleValue(contract, operationId, name) {
  try {
    return contract.responseExample(operationId, name);
  } catch {
    return undefined;
  }
}
