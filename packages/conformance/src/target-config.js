/**
 * Which server the suite talks to, read from the environment. The variable names are the contract with
 * @payments-connect/emulator (see its `env`): keep them in step.
 */

/** `CONFORMANCE_TARGET` values. */
export const TARGET_KINDS = ['mock', 'sandbox'];
export const DEFAULT_TARGET_KIND = 'mock';

/** Required by sandbox mode, each with what it is. */
export const REQUIRED_SANDBOX_SETTINGS = {
  PAYMENTS_CONNECT_BASE_URL: 'server base URL, e.g. http://127.0.0.1:4321',
  PAYMENTS_CONNECT_CLIENT_ID: 'client id issued at onboarding',
  PAYMENTS_CONNECT_CLIENT_SECRET: 'client secret issued at onboarding',
  PAYMENTS_CONNECT_ACCOUNT_ID: 'the AccountId the suite acts as',
};

/**
 * Optional fixtures of sandbox mode: name in the suite -> environment variable and what it must be.
 * A test that needs a missing fixture is skipped with a reason naming the variable.
 */
export const SANDBOX_FIXTURES = {
  openRfiId: ['PAYMENTS_CONNECT_OPEN_RFI_ID', 'an open RFI case of the account'],
  openQuestionId: ['PAYMENTS_CONNECT_OPEN_QUESTION_ID', 'a not-approved question of that open case'],
  openDocumentRequestId: [
    'PAYMENTS_CONNECT_OPEN_DOCUMENT_REQUEST_ID',
    'a not-approved document request of that open case',
  ],
  approvedQuestionId: ['PAYMENTS_CONNECT_APPROVED_QUESTION_ID', 'an approved (locked) question of that open case'],
  approvedDocumentRequestId: [
    'PAYMENTS_CONNECT_APPROVED_DOCUMENT_REQUEST_ID',
    'an approved (locked) document request of that open case',
  ],
  closedRfiId: ['PAYMENTS_CONNECT_CLOSED_RFI_ID', 'a CLOSED case of the account, with at least one question'],
  cancelledRfiId: ['PAYMENTS_CONNECT_CANCELLED_RFI_ID', 'a CANCELLED case of the account'],
  otherAccountRfiId: ['PAYMENTS_CONNECT_OTHER_ACCOUNT_RFI_ID', 'an RFI case of another account'],
  hostedPaymentRequestId: [
    'PAYMENTS_CONNECT_HOSTED_PAYMENT_REQUEST_ID',
    'a HOSTED_PAGE payment request in UNPAID or PART_PAID',
  ],
  nonHostedPaymentRequestId: [
    'PAYMENTS_CONNECT_NON_HOSTED_PAYMENT_REQUEST_ID',
    'a payment request whose execution mode is not HOSTED_PAGE',
  ],
  paidPaymentRequestId: [
    'PAYMENTS_CONNECT_PAID_PAYMENT_REQUEST_ID',
    'a HOSTED_PAGE payment request not in UNPAID/PART_PAID',
  ],
  payerId: ['PAYMENTS_CONNECT_PAYER_ID', 'a payer of the account'],
  beneficiaryId: ['PAYMENTS_CONNECT_BENEFICIARY_ID', 'a beneficiary of the account'],
  userId: ['PAYMENTS_CONNECT_USER_ID', 'a user of the account (the suite updates and deactivates it)'],
  personId: ['PAYMENTS_CONNECT_PERSON_ID', 'a related person of the account'],
  corporateId: ['PAYMENTS_CONNECT_CORPORATE_ID', 'a related corporate of the account'],
  expiredToken: ['PAYMENTS_CONNECT_EXPIRED_TOKEN', 'an access token that has expired (sent raw, expected 401)'],
};

/** A setting is missing or wrong: the message names every problem at once. */
export class TargetConfigError extends Error {
  name = 'TargetConfigError';
}

/**
 * @typedef {object} SandboxTarget
 * @property {'sandbox'} kind
 * @property {string} baseUrl without trailing slash
 * @property {string} clientId
 * @property {string} clientSecret
 * @property {string} accountId
 * @property {Partial<Record<SandboxFixture, string>>} fixtures only those set
 */

/** @typedef {keyof typeof SANDBOX_FIXTURES} SandboxFixture */

/**
 * Reads the target from `env`. Mock mode needs nothing (the suite starts the mock itself).
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ kind: 'mock' } | SandboxTarget}
 * @throws {TargetConfigError} naming every missing or malformed setting in one message
 */
export function loadTargetConfig(env = process.env) {
  const kind = env.CONFORMANCE_TARGET || DEFAULT_TARGET_KIND;
  if (!TARGET_KINDS.includes(kind)) {
    throw new TargetConfigError(`CONFORMANCE_TARGET must be one of ${TARGET_KINDS.join(', ')}; got "${kind}"`);
  }
  if (kind === 'mock') return { kind };

  const problems = Object.entries(REQUIRED_SANDBOX_SETTINGS)
    .filter(([name]) => !env[name]?.trim())
    .map(([name, meaning]) => `  ${name.padEnd(32)} missing: ${meaning}`);
  const baseUrl = env.PAYMENTS_CONNECT_BASE_URL?.trim().replace(/\/+$/, '');
  if (baseUrl && !/^https?:$/.test(URL.canParse(baseUrl) ? new URL(baseUrl).protocol : '')) {
    problems.push(`  ${'PAYMENTS_CONNECT_BASE_URL'.padEnd(32)} not an http(s) URL: "${baseUrl}"`);
  }
  if (problems.length > 0) {
    throw new TargetConfigError(
      `CONFORMANCE_TARGET=sandbox cannot start, ${problems.length} setting(s) to fix:\n${problems.join('\n')}\n` +
        'Set them in the environment (see @payments-connect/conformance README), ' +
        'or unset CONFORMANCE_TARGET to run against the mock.',
    );
  }

  const fixtures = Object.fromEntries(
    Object.entries(SANDBOX_FIXTURES)
      .map(([name, [variable]]) => [name, env[variable]?.trim()])
      .filter(([, value]) => value),
  );
  /** @param {string} name a setting checked above */
  const setting = (name) => String(env[name]).trim();
  return {
    kind: 'sandbox',
    baseUrl: setting('PAYMENTS_CONNECT_BASE_URL').replace(/\/+$/, ''),
    clientId: setting('PAYMENTS_CONNECT_CLIENT_ID'),
    clientSecret: setting('PAYMENTS_CONNECT_CLIENT_SECRET'),
    accountId: setting('PAYMENTS_CONNECT_ACCOUNT_ID'),
    fixtures,
  };
}
