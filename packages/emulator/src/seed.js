import { RFI_STATUS } from './model/rfi-cases.js';

// The seed every tenant starts with and returns to on reset: a business account the conformance suite acts as, a
// second whose records the first must never see, an individual account without a business profile, and their records.
// It is the spec's: a record the spec shows in a named example is that example (read from the contract served,
// `example-fixtures.js`), under the tenant's ids, so that an example changed with the spec reaches the seed unedited;
// the ids the examples name are the start-up seed's, so that each example, sent as it is, finds its record. What no
// example holds is typed data here, each record made by a builder typed from the spec's schema: a field the spec comes
// to require is named by the type check at the builder. `ACCOUNT_IDS` and `SEED_IDS` are the bundled spec's
// (test/seed-ids.test.js holds them to it); the other ids (another account's records) are the emulator's own.

/** Account ids of the start-up seed. The document does not fix the AccountId format; the emulator uses UUIDs. */
export const ACCOUNT_IDS = Object.freeze({
  primary: '0f8fad5b-d9cb-469f-a165-70867728950e',
  other: '8e1f3a2b-5c6d-4e7f-9a0b-1c2d3e4f5a6b',
  individual: '9f2a4b3c-6d7e-4f8a-8b1c-2d3e4f5a6b7c',
});

/** Ids of the start-up seed's records, by fixture. */
export const SEED_IDS = Object.freeze({
  openRfiId: '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f',
  closedRfiId: '5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60',
  cancelledRfiId: 'a1d2c3b4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  otherAccountRfiId: '9c4e2a1b-7d3f-4b6e-a8c5-0f1e2d3c4b5a',
  openQuestionId: '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071',
  approvedQuestionId: '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6073',
  closedQuestionId: '8d3e7c9b-0e1f-4a2b-9c3d-4e5f60718293',
  otherAccountQuestionId: '2c7d1a3f-4c5d-4e6f-9a71-829304152637',
  openDocumentRequestId: '7c2d6b8a-9d0e-4f1a-8b2c-3d4e5f607182',
  approvedDocumentRequestId: '7c2d6b8a-9d0e-4f1a-8b2c-3d4e5f607183',
  closedDocumentRequestId: '9e4f8d0c-1f2a-4b3c-8d4e-5f6071829304',
  otherAccountDocumentRequestId: '3d8e2b4a-5d6e-4f7a-8b82-930415263748',
  hostedPaymentRequestId: '3b241101-e2bb-4255-8caf-4136c566a962',
  hostedPartPaidPaymentRequestId: '4c352212-f3cc-4366-9db0-5247d677ba73',
  nonHostedPaymentRequestId: '6e574434-15ee-4588-9fd2-7469f899dc95',
  paidPaymentRequestId: '5d463323-04dd-4477-8ec1-6358e788cb84',
  payerId: '9b2e7d1c-4a5f-4c3e-8d2b-1f6a7c8e9d01',
  beneficiaryId: '5a8d3f2e-1b4c-4d6e-9f0a-2b3c4d5e6f70',
  userId: '1c6f0b2a-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
  personId: '2d7e1c3b-4e5f-4a6b-9c7d-8e9f0a1b2c3d',
  corporateId: '3e8f2d4c-5f6a-4b7c-8d8e-9f0a1b2c3d4e',
  secondOpenQuestionId: '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6072',
  cancelledQuestionId: '0a5b9e1d-2a3b-4c4d-9e5f-607182930415',
  cancelledDocumentRequestId: '1b6c0f2e-3b4c-4d5e-8f60-718293041526',
  otherAccountPaymentRequestId: '7f685545-26ff-4699-a0e3-857a09aaed06',
  otherAccountPayerId: '0c3f8e2d-5b6a-4d4f-9e3c-2a7b8d9f0e12',
  otherAccountBeneficiaryId: '6b9e4a3f-2c5d-4e7f-8a1b-3c4d5e6f7a81',
  secondUserId: '1c6f0b2a-3d4e-4f5a-8b6c-7d8e9f0a1b2d',
  otherAccountUserId: '4a7c1e3f-5b6d-4e8f-9a0b-1c2d3e4f5a61',
  individualUserId: '5b8d2f4a-6c7e-4f9a-8b1c-2d3e4f5a6b72',
  otherAccountPersonId: '7c9e3a5b-8d0f-4a1b-9c2d-3e4f5a6b7c83',
  otherAccountCorporateId: '8d0f4b6c-9e1a-4b2c-8d3e-4f5a6b7c8d94',
});

/**
 * The credentials the emulator accepts when none are configured: those of the bundled spec's token request example
 * (an emulator takes them from the contract it serves), so that the example, sent as it is, gets a token. Not secret:
 * the emulator is local only.
 */
export const DEFAULT_CREDENTIALS = Object.freeze({
  clientId: 'example-client-id',
  clientSecret: 'example-client-secret',
});

/** @typedef {Record<keyof typeof ACCOUNT_IDS, string>} AccountIds the ids of a seed's three accounts, by role */
/** @typedef {Record<keyof typeof SEED_IDS, string>} SeedIds the ids of a seed's records, by fixture */
/** @typedef {import('./store.js').Records} Records */
/** @typedef {import('./store.js').Schemas} Schemas */
/** @typedef {import('./store.js').CollectionName} CollectionName */
/**
 * @typedef {'openRfiId' | 'closedRfiId' | 'cancelledRfiId' | 'hostedPaymentRequestId' |
 *   'hostedPartPaidPaymentRequestId' | 'payerId' | 'beneficiaryId' | 'userId' | 'personId' | 'corporateId' |
 *   'businessProfile'} ExampleFixture a record of the seed the spec may show in a named example
 */
/**
 * @typedef {object} Seed what every tenant's seed is made from: the start-up seed's ids (those the spec's examples
 *   name), the records the examples show, and the default tenant's credentials
 * @property {AccountIds} accountIds
 * @property {SeedIds} ids
 * @property {Partial<Record<ExampleFixture, Record<string, unknown>>>} examples the example of each record that has one
 * @property {import('./token-issuer.js').Credentials} credentials
 */

/**
 * A fresh set of ids for a seed of the same shape: every account and record id a new random UUID, so that a tenant's
 * seed never shares an id with the start-up seed or another tenant's.
 * @param {import('./random-source.js').RandomSource} random
 * @returns {{ accountIds: AccountIds, ids: SeedIds }}
 */
export function freshSeedIds(random) {
  const fresh = (/** @type {Record<string, string>} */ ids) =>
    Object.fromEntries(Object.keys(ids).map((name) => [name, random.uuid()]));
  return {
    accountIds: /** @type {AccountIds} */ (fresh(ACCOUNT_IDS)),
    ids: /** @type {SeedIds} */ (fresh(SEED_IDS)),
  };
}

/**
 * The seed's records under the given ids, made fresh on every call (a tenant's start, its reset), so that no change
 * reaches the seed.
 * @param {Seed} seed
 * @param {AccountIds} accountIds
 * @param {SeedIds} ids
 * @returns {import('./store.js').StoreData}
 */
export function seedData(seed, accountIds, ids) {
  const { primary, other, individual } = accountIds;
  const example = examplesUnder(seed, accountIds, ids);
  const purpose = 'What is the purpose of the payment?';
  return {
    accounts: [
      business(primary, 'Northwind Trading Ltd', 'DRAFT', ['GB-08123456', 'GB', 'Wholesale trade'], example),
      business(other, 'Contoso Imports GmbH', 'SUBMITTED', ['DE-HRB-204411', 'DE', 'Import and export']),
      { account: account(individual, 'Ada Lovelace', 'INDIVIDUAL', 'DRAFT') },
    ],
    collections: {
      rfiCases: [
        ...owned(
          primary,
          example('openRfiId', rfiCase(ids.openRfiId, RFI_STATUS.open)),
          example('closedRfiId', rfiCase(ids.closedRfiId, RFI_STATUS.closed)),
          example('cancelledRfiId', rfiCase(ids.cancelledRfiId, RFI_STATUS.cancelled)),
        ),
        ...owned(
          other,
          rfiCase(
            ids.otherAccountRfiId,
            RFI_STATUS.open,
            [question(ids.otherAccountQuestionId, purpose)],
            [documentRequest(ids.otherAccountDocumentRequestId, 'The invoice')],
          ),
        ),
      ],
      paymentRequests: [
        ...owned(
          primary,
          example('hostedPaymentRequestId', paymentRequest(ids.hostedPaymentRequestId, 'HOSTED_PAGE', 'UNPAID')),
          example(
            'hostedPartPaidPaymentRequestId',
            paymentRequest(ids.hostedPartPaidPaymentRequestId, 'HOSTED_PAGE', 'PART_PAID'),
          ),
          paymentRequest(ids.paidPaymentRequestId, 'HOSTED_PAGE', 'PAID', 'hps_1b3e4d9a6f0c4a2bd5e8c7f4a3b29d1a'),
          paymentRequest(ids.nonHostedPaymentRequestId, 'EMBEDDED', 'UNPAID', 'eps_2c4f5e0b7a1d4b3ce6f9d8a5b4c3ae2b'),
        ),
        ...owned(
          other,
          paymentRequest(
            ids.otherAccountPaymentRequestId,
            'HOSTED_PAGE',
            'UNPAID',
            'hps_3d5a6f1c8b2e4c4df7a0e9b6c5d4bf3c',
          ),
        ),
      ],
      payers: [
        ...owned(primary, example('payerId', payer(ids.payerId, 'Globex Retail plc', 'accounts@globex.example'))),
        ...owned(other, payer(ids.otherAccountPayerId, 'Initech AG', 'billing@initech.example')),
      ],
      beneficiaries: [
        ...owned(
          primary,
          example('beneficiaryId', beneficiary(ids.beneficiaryId, 'Umbrella Supplies BV', 'NL', 'EUR')),
        ),
        ...owned(other, beneficiary(ids.otherAccountBeneficiaryId, 'Stark Parts Inc', 'US', 'USD')),
      ],
      users: [
        ...owned(
          primary,
          example('userId', user(ids.userId, 'Grace Hopper', 'grace@northwind.example', 'ADMIN')),
          user(ids.secondUserId, 'Alan Turing', 'alan@northwind.example', 'VIEWER'),
        ),
        ...owned(other, user(ids.otherAccountUserId, 'Hedy Lamarr', 'hedy@contoso.example', 'ADMIN')),
        ...owned(individual, user(ids.individualUserId, 'Ada Lovelace', 'ada@lovelace.example', 'OWNER')),
      ],
      persons: [
        ...owned(primary, example('personId', person(ids.personId, 'Katherine', 'Johnson', 'DIRECTOR'))),
        ...owned(other, person(ids.otherAccountPersonId, 'Emmy', 'Noether', 'SHAREHOLDER')),
      ],
      corporates: [
        ...owned(primary, example('corporateId', corporate(ids.corporateId, 'Northwind Holdings Ltd'))),
        ...owned(other, corporate(ids.otherAccountCorporateId, 'Contoso Group SE')),
      ],
    },
  };
}

/** @template R @param {string} accountId @param {R[]} records @returns {Array<{ accountId: string, record: R }>} */
function owned(accountId, ...records) {
  return records.map((record) => ({ accountId, record }));
}

/**
 * The seed's example records under a tenant's ids: a record with an example is the example, each id of the start-up
 * seed in it made the tenant's, over the record its builder makes (the parts no example shows).
 * @param {Seed} seed @param {AccountIds} accountIds @param {SeedIds} ids
 * @returns {<R>(fixture: ExampleFixture, built: R) => R}
 */
function examplesUnder({ examples, accountIds: startAccounts, ids: startIds }, accountIds, ids) {
  /** @type {Map<unknown, string>} */
  const renamed = new Map(
    /** @type {Array<[string, string]>} */ ([
      ...Object.entries(startAccounts).map(([role, id]) => [id, accountIds[/** @type {keyof AccountIds} */ (role)]]),
      ...Object.entries(startIds).map(([fixture, id]) => [id, ids[/** @type {keyof SeedIds} */ (fixture)]]),
    ]),
  );
  /** @param {unknown} value @returns {unknown} */
  const underIds = (value) => {
    if (Array.isArray(value)) return value.map(underIds);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, underIds(member)]));
    return renamed.get(value) ?? value;
  };
  return (fixture, built) => {
    const shown = examples[fixture];
    // The spec's lint holds every example to its schema: the example's fields are the record's.
    return shown === undefined ? built : { ...built, .../** @type {Partial<typeof built>} */ (underIds(shown)) };
  };
}

/**
 * @param {string} accountId @param {string} name @param {string} type @param {string} status
 * @returns {import('./store.js').AccountRecord}
 */
function account(accountId, name, type, status) {
  return { accountId, name, type, status };
}

/**
 * @param {string} accountId @param {string} name @param {string} status @param {string[]} profile
 * @param {ReturnType<typeof examplesUnder>} [example] the spec's example of the business profile, for the primary
 * @returns {import('./store.js').AccountEntry}
 */
function business(accountId, name, status, [registrationNumber, country, industry], example) {
  /** @type {Schemas['BusinessProfileResponse']} */
  const businessProfile = { accountId, legalName: name, registrationNumber, country, industry };
  return {
    account: account(accountId, name, 'BUSINESS', status),
    businessProfile: example ? example('businessProfile', businessProfile) : businessProfile,
  };
}

/**
 * @param {string} rfiId @param {string} status @param {Schemas['RfiQuestion'][]} [questions]
 * @param {Schemas['RfiDocumentRequest'][]} [documentRequests] @returns {Records['rfiCases']}
 */
function rfiCase(rfiId, status, questions = [], documentRequests = []) {
  return { rfiId, status, questions, documentRequests };
}

/** @param {string} questionId @param {string} text @returns {Schemas['RfiQuestion']} */
function question(questionId, text) {
  return { questionId, text, approved: false };
}

/** @param {string} documentRequestId @param {string} description @returns {Schemas['RfiDocumentRequest']} */
function documentRequest(documentRequestId, description) {
  return { documentRequestId, description, approved: false };
}

/**
 * @param {string} paymentRequestId @param {string} executionMode @param {string} status
 * @param {string} [session] its session token (one of an example is the example's)
 * @returns {Records['paymentRequests']}
 */
function paymentRequest(paymentRequestId, executionMode, status, session) {
  const amount = { value: '1250.00', currency: 'GBP' };
  const record = { paymentRequestId, executionMode, status, amount };
  return session === undefined ? record : { ...record, sessionToken: session };
}

/** @param {string} payerId @param {string} name @param {string} email @returns {Records['payers']} */
function payer(payerId, name, email) {
  return { payerId, name, email };
}

/**
 * @param {string} beneficiaryId @param {string} name @param {string} country @param {string} currency
 * @returns {Records['beneficiaries']}
 */
function beneficiary(beneficiaryId, name, country, currency) {
  return { beneficiaryId, name, country, currency };
}

/**
 * @param {string} personId @param {string} firstName @param {string} lastName @param {string} role
 * @returns {Records['persons']}
 */
function person(personId, firstName, lastName, role) {
  return { personId, firstName, lastName, roles: [role] };
}

/** @param {string} corporateId @param {string} legalName @returns {Records['corporates']} */
function corporate(corporateId, legalName) {
  return { corporateId, legalName, relationship: 'PARENT' };
}

/**
 * @param {string} userId @param {string} displayName @param {string} email @param {string} role
 * @returns {Records['users']}
 */
function user(userId, displayName, email, role) {
  return { userId, displayName, email, role, blocked: false, status: 'ACTIVE' };
}
