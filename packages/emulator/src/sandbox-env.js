/**
 * The environment the conformance suite's sandbox mode reads (the contract agreed in
 * notes/SANDBOX-FIXTURES.md): variable name -> the emulator's fixture it carries.
 */
export const SANDBOX_FIXTURE_VARIABLES = Object.freeze({
  PAYMENTS_CONNECT_OPEN_RFI_ID: 'openRfiId',
  PAYMENTS_CONNECT_OPEN_QUESTION_ID: 'openQuestionId',
  PAYMENTS_CONNECT_OPEN_DOCUMENT_REQUEST_ID: 'openDocumentRequestId',
  PAYMENTS_CONNECT_APPROVED_QUESTION_ID: 'approvedQuestionId',
  PAYMENTS_CONNECT_APPROVED_DOCUMENT_REQUEST_ID: 'approvedDocumentRequestId',
  PAYMENTS_CONNECT_CLOSED_RFI_ID: 'closedRfiId',
  PAYMENTS_CONNECT_CANCELLED_RFI_ID: 'cancelledRfiId',
  PAYMENTS_CONNECT_OTHER_ACCOUNT_RFI_ID: 'otherAccountRfiId',
  PAYMENTS_CONNECT_HOSTED_PAYMENT_REQUEST_ID: 'hostedPaymentRequestId',
  PAYMENTS_CONNECT_NON_HOSTED_PAYMENT_REQUEST_ID: 'nonHostedPaymentRequestId',
  PAYMENTS_CONNECT_PAID_PAYMENT_REQUEST_ID: 'paidPaymentRequestId',
  PAYMENTS_CONNECT_PAYER_ID: 'payerId',
  PAYMENTS_CONNECT_BENEFICIARY_ID: 'beneficiaryId',
  PAYMENTS_CONNECT_USER_ID: 'userId',
  PAYMENTS_CONNECT_PERSON_ID: 'personId',
  PAYMENTS_CONNECT_CORPORATE_ID: 'corporateId',
  PAYMENTS_CONNECT_EXPIRED_TOKEN: 'expiredToken',
});

/**
 * Every variable of the sandbox contract, so that `Object.assign(process.env, env)` points the conformance suite here.
 * @param {{ url: string, credentials: import('./token-issuer.js').Credentials, accountId: string,
 *   fixtures: Record<string, string> }} input @returns {Record<string, string>}
 */
export function buildSandboxEnv({ url, credentials, accountId, fixtures }) {
  return {
    PAYMENTS_CONNECT_BASE_URL: url.replace(/\/+$/, ''),
    PAYMENTS_CONNECT_CLIENT_ID: credentials.clientId,
    PAYMENTS_CONNECT_CLIENT_SECRET: credentials.clientSecret,
    PAYMENTS_CONNECT_ACCOUNT_ID: accountId,
    ...Object.fromEntries(
      Object.entries(SANDBOX_FIXTURE_VARIABLES).map(([name, fixture]) => [name, fixtures[fixture]]),
    ),
  };
}
