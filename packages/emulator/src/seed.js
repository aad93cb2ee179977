import { EXAMPLE_IDS } from './example-fixtures.js';

/**
 * The seed data every emulator starts with and returns to on reset. The ids of the primary account and of the
 * records the spec's named examples name are read from those examples (`example-fixtures.js`), so that each example,
 * sent as it is, finds its record; the other ids (another account's records) are the emulator's own.
 *
 * Three accounts: a business account the conformance suite acts as, a second business account whose
 * resources the first must never see (404, never 403), and an individual account (no business profile).
 */

const { primaryAccountId, ...exampleRecordIds } = EXAMPLE_IDS;

/** Account ids. The document does not fix the AccountId format; the emulator uses UUIDs. */
export const ACCOUNT_IDS = Object.freeze({
  primary: primaryAccountId,
  other: '8e1f3a2b-5c6d-4e7f-9a0b-1c2d3e4f5a6b',
  individual: '9f2a4b3c-6d7e-4f8a-8b1c-2d3e4f5a6b7c',
});

/** Ids of the seeded resources, by role. */
export const SEED_IDS = Object.freeze({
  ...exampleRecordIds,
  otherAccountPaymentRequestId: '7f685545-26ff-4699-a0e3-857a09aaed06',
  otherAccountPayerId: '0c3f8e2d-5b6a-4d4f-9e3c-2a7b8d9f0e12',
  otherAccountBeneficiaryId: '6b9e4a3f-2c5d-4e7f-8a1b-3c4d5e6f7a81',
  otherAccountUserId: '4a7c1e3f-5b6d-4e8f-9a0b-1c2d3e4f5a61',
  individualUserId: '5b8d2f4a-6c7e-4f9a-8b1c-2d3e4f5a6b72',
  otherAccountPersonId: '7c9e3a5b-8d0f-4a1b-9c2d-3e4f5a6b7c83',
  otherAccountCorporateId: '8d0f4b6c-9e1a-4b2c-8d3e-4f5a6b7c8d94',
});

/**
 * When the seed's approved document request got its document: a fixed time, so that a seed (and a snapshot of it) is
 * the same on every start. A document attached through the API carries the emulator's clock instead.
 */
const SEEDED_DOCUMENT_ATTACHED_AT = '2025-05-20T08:45:00.000Z';

/**
 * The status of a case that is not terminal: the contract's designed-here value (`RfiCaseStatus`), since the document
 * names only CLOSED and CANCELLED.
 */
export const OPEN_RFI_STATUS = 'OPEN';

/** Terminal RFI statuses, as the document names them. */
export const TERMINAL_RFI_STATUSES = Object.freeze(['CLOSED', 'CANCELLED']);

/** The case statuses the emulator knows: its own open status, and the two terminal ones of the document. */
export const RFI_CASE_STATUSES = Object.freeze([OPEN_RFI_STATUS, ...TERMINAL_RFI_STATUSES]);

/** @typedef {Record<keyof typeof ACCOUNT_IDS, string>} AccountIds the ids of a seed's three accounts, by role */
/** @typedef {Record<keyof typeof SEED_IDS, string>} SeedIds the ids of a seed's records, by fixture */

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

/** @typedef {{ accountId: string, record: Record<string, any> }} OwnedRecord a record and the account it belongs to */

/**
 * @typedef {object} SeedData
 * @property {Array<{ account: Record<string, any>, businessProfile?: Record<string, any> }>} accounts
 * @property {Record<import('./store.js').CollectionName, OwnedRecord[]>} collections
 */

/**
 * Builds fresh seed records; called on start and on every reset, so mutations never leak into the seed. A tenant's
 * seed is the same records under its own ids ({@link freshSeedIds}).
 * @param {AccountIds} [accountIds] the start-up seed's by default
 * @param {SeedIds} [ids] likewise
 * @returns {SeedData}
 */
export function createSeedData(accountIds = ACCOUNT_IDS, ids = SEED_IDS) {
  const { primary, other, individual } = accountIds;
  /** @type {(accountId: string, records: Array<Record<string, any>>) => OwnedRecord[]} */
  const owned = (accountId, records) => records.map((record) => ({ accountId, record }));
  return {
    accounts: [
      {
        account: { accountId: primary, name: 'Northwind Trading Ltd', type: 'BUSINESS', status: 'DRAFT' },
        businessProfile: {
          accountId: primary,
          legalName: 'Northwind Trading Ltd',
          registrationNumber: 'GB-08123456',
          country: 'GB',
          industry: 'Wholesale trade',
        },
      },
      {
        account: { accountId: other, name: 'Contoso Imports GmbH', type: 'BUSINESS', status: 'SUBMITTED' },
        businessProfile: {
          accountId: other,
          legalName: 'Contoso Imports GmbH',
          registrationNumber: 'DE-HRB-204411',
          country: 'DE',
          industry: 'Import and export',
        },
      },
      { account: { accountId: individual, name: 'Ada Lovelace', type: 'INDIVIDUAL', status: 'DRAFT' } },
    ],
    collections: {
      rfiCases: [
        ...owned(primary, [
          {
            rfiId: ids.openRfiId,
            status: OPEN_RFI_STATUS,
            questions: [
              { questionId: ids.openQuestionId, text: 'What is the purpose of the payment?', approved: false },
              { questionId: ids.secondOpenQuestionId, text: 'How is the beneficiary related to you?', approved: false },
              {
                questionId: ids.approvedQuestionId,
                text: 'Where do the funds come from?',
                answer: 'Revenue from wholesale trade.',
                approved: true,
              },
            ],
            documentRequests: [
              {
                documentRequestId: ids.openDocumentRequestId,
                description: 'The invoice of the payment',
                approved: false,
              },
              {
                documentRequestId: ids.approvedDocumentRequestId,
                description: 'A certificate of incorporation',
                approved: true,
                document: {
                  fileName: 'incorporation.pdf',
                  contentType: 'application/pdf',
                  size: 48213,
                  attachedAt: SEEDED_DOCUMENT_ATTACHED_AT,
                },
              },
            ],
          },
          {
            rfiId: ids.closedRfiId,
            status: 'CLOSED',
            questions: [
              {
                questionId: ids.closedQuestionId,
                text: 'Where do the funds come from?',
                answer: 'The funds come from the sale of equipment.',
                approved: false,
              },
            ],
            documentRequests: [
              { documentRequestId: ids.closedDocumentRequestId, description: 'The sale contract', approved: false },
            ],
          },
          {
            rfiId: ids.cancelledRfiId,
            status: 'CANCELLED',
            questions: [
              { questionId: ids.cancelledQuestionId, text: 'What is the purpose of the payment?', approved: false },
            ],
            documentRequests: [
              { documentRequestId: ids.cancelledDocumentRequestId, description: 'A bank statement', approved: false },
            ],
          },
        ]),
        ...owned(other, [
          {
            rfiId: ids.otherAccountRfiId,
            status: OPEN_RFI_STATUS,
            questions: [
              { questionId: ids.otherAccountQuestionId, text: 'What is the purpose of the payment?', approved: false },
            ],
            documentRequests: [
              { documentRequestId: ids.otherAccountDocumentRequestId, description: 'The invoice', approved: false },
            ],
          },
        ]),
      ],
      paymentRequests: [
        ...owned(primary, [
          paymentRequest(ids.hostedPaymentRequestId, 'HOSTED_PAGE', 'UNPAID', 'hps_9f1c2b7e4d8a4e0fb3c6a5d2e1f07b98'),
          paymentRequest(
            ids.hostedPartPaidPaymentRequestId,
            'HOSTED_PAGE',
            'PART_PAID',
            'hps_0a2d3c8f5e9b4f1ac4d7b6e3f2a18c09',
          ),
          paymentRequest(ids.paidPaymentRequestId, 'HOSTED_PAGE', 'PAID', 'hps_1b3e4d9a6f0c4a2bd5e8c7f4a3b29d1a'),
          paymentRequest(ids.nonHostedPaymentRequestId, 'EMBEDDED', 'UNPAID', 'eps_2c4f5e0b7a1d4b3ce6f9d8a5b4c3ae2b'),
        ]),
        ...owned(other, [
          paymentRequest(
            ids.otherAccountPaymentRequestId,
            'HOSTED_PAGE',
            'UNPAID',
            'hps_3d5a6f1c8b2e4c4df7a0e9b6c5d4bf3c',
          ),
        ]),
      ],
      payers: [
        ...owned(primary, [{ payerId: ids.payerId, name: 'Globex Retail plc', email: 'accounts@globex.example' }]),
        ...owned(other, [{ payerId: ids.otherAccountPayerId, name: 'Initech AG', email: 'billing@initech.example' }]),
      ],
      beneficiaries: [
        ...owned(primary, [
          { beneficiaryId: ids.beneficiaryId, name: 'Umbrella Supplies BV', country: 'NL', currency: 'EUR' },
        ]),
        ...owned(other, [
          { beneficiaryId: ids.otherAccountBeneficiaryId, name: 'Stark Parts Inc', country: 'US', currency: 'USD' },
        ]),
      ],
      users: [
        ...owned(primary, [
          user(ids.userId, 'Grace Hopper', 'grace@northwind.example', 'ADMIN'),
          user(ids.secondUserId, 'Alan Turing', 'alan@northwind.example', 'VIEWER'),
        ]),
        ...owned(other, [user(ids.otherAccountUserId, 'Hedy Lamarr', 'hedy@contoso.example', 'ADMIN')]),
        ...owned(individual, [user(ids.individualUserId, 'Ada Lovelace', 'ada@lovelace.example', 'OWNER')]),
      ],
      persons: [
        ...owned(primary, [
          { personId: ids.personId, firstName: 'Katherine', lastName: 'Johnson', roles: ['DIRECTOR'] },
        ]),
        ...owned(other, [
          { personId: ids.otherAccountPersonId, firstName: 'Emmy', lastName: 'Noether', roles: ['SHAREHOLDER'] },
        ]),
      ],
      corporates: [
        ...owned(primary, [
          { corporateId: ids.corporateId, legalName: 'Northwind Holdings Ltd', relationship: 'PARENT' },
        ]),
        ...owned(other, [
          { corporateId: ids.otherAccountCorporateId, legalName: 'Contoso Group SE', relationship: 'PARENT' },
        ]),
      ],
    },
  };
}

/**
 * @param {string} paymentRequestId
 * @param {string} executionMode
 * @param {string} status
 * @param {string} sessionToken
 */
function paymentRequest(paymentRequestId, executionMode, status, sessionToken) {
  return { paymentRequestId, executionMode, status, amount: { value: '1250.00', currency: 'GBP' }, sessionToken };
}

/**
 * @param {string} userId
 * @param {string} displayName
 * @param {string} email
 * @param {string} role
 */
function user(userId, displayName, email, role) {
  return { userId, displayName, email, role, blocked: false, status: 'ACTIVE' };
}
