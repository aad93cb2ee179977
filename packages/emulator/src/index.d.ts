// Hand-written types of the public API of @payments-connect/emulator (src/index.js).

/** Options of `startEmulator`. Every option is optional. */
export interface EmulatorOptions {
  /** TCP port; 0 (the default) picks a free one. The CLI defaults to 4020. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Lifetime of issued access tokens in seconds (`expires_in`). Default 3600. */
  tokenTtlSeconds?: number;
  /** Answer 500 instead of sending a response that violates the spec. Default false. */
  strict?: boolean;
  /** Where RFI events are POSTed as JSON. No delivery when left out (events are still recorded). */
  webhookUrl?: string;
  /** Client credentials `POST /auth/token` accepts. Default `DEFAULT_CREDENTIALS`. */
  credentials?: ClientCredentials;
  /** Clock in epoch milliseconds, for tests that move time (token expiry, session window). Default `Date.now`. */
  now?: () => number;
  /** A bundled OpenAPI document to serve instead of `@payments-connect/openapi/openapi.json`. */
  spec?: object;
  /** Called for every response (or event payload) that violates the spec. */
  onViolation?: (violation: Violation) => void;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface Account {
  accountId: string;
  name: string;
  type: 'BUSINESS' | 'INDIVIDUAL';
  status: string;
  submittedAt?: string;
}

/** A response or event payload that did not match the spec. */
export interface Violation {
  operationId: string | undefined;
  method: string;
  path: string;
  /** HTTP status sent (0 for an event payload). */
  status: number;
  errors: string[];
}

/** Ids of the seed data, by role (see the README's seed table). */
export type SeedIds = typeof SEED_IDS;

export interface Fixtures extends SeedIds {
  /** An access token that has already expired: any operation answers 401 with it. */
  expiredToken: string;
}

export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** An event as POSTed to the webhook URL. Names and payload are the emulator's own design. */
export interface EmulatorEvent {
  id: string;
  type: EventType;
  createdAt: string;
  accountId: string;
  designedBy: typeof EVENT_DESIGNED_BY;
  data: { rfiId: string; status: string; [key: string]: unknown };
}

export interface EventRecord {
  event: EmulatorEvent;
  delivery: { state: 'not-configured' | 'pending' | 'delivered' | 'failed'; httpStatus?: number; error?: string };
}

export interface RfiItemInput {
  /** The item's id; a random UUID when left out. */
  id?: string;
  /** Question text or document request description. */
  text?: string;
  /** Questions only: an answer already given. */
  answer?: string;
  /** Approved items are locked (409 RFI_ITEM_ALREADY_APPROVED). */
  approved?: boolean;
}

export interface CreateRfiCaseInput {
  /** Owner; default the primary account. */
  accountId?: string;
  rfiId?: string;
  /** Default `OPEN` (the emulator's own open status). `CLOSED` and `CANCELLED` are terminal. */
  status?: string;
  /** A count or the items; default 1. */
  questions?: number | RfiItemInput[];
  /** A count or the items; default 1. */
  documentRequests?: number | RfiItemInput[];
}

export interface RfiCaseRecord {
  rfiId: string;
  status: string;
  questions: Array<{ questionId: string; text: string; answer?: string; approved: boolean }>;
  documentRequests: Array<{
    documentRequestId: string;
    description: string;
    approved: boolean;
    document?: { fileName: string; contentType: string; size: number; attachedAt?: string };
  }>;
}

export interface FaultSpec {
  /** The spec operation that answers with the fault, e.g. `getRfiCase`. */
  operationId: string;
  /** HTTP status to answer with. */
  status: number;
  /** JSON body; an ErrorEnvelope for the status when left out. */
  body?: unknown;
  /** Response headers, e.g. `{ 'Retry-After': '1' }`. */
  headers?: Record<string, string>;
  /** How many calls answer with the fault. Default 1. */
  times?: number;
}

/** What tests may do that the API cannot. The HTTP control API under `/_emulator` does the same. */
export interface EmulatorControl {
  /** Restores the seed data and clears events and faults. Issued tokens stay valid. */
  reset(): void;
  createRfiCase(input?: CreateRfiCaseInput): RfiCaseRecord;
  approveQuestion(rfiId: string, questionId: string): RfiCaseRecord;
  approveDocumentRequest(rfiId: string, documentRequestId: string): RfiCaseRecord;
  /** Makes the case CLOSED (terminal). Throws for a case already terminal. No event fires. */
  closeRfiCase(rfiId: string): RfiCaseRecord;
  /** Makes the case CANCELLED (terminal). Throws for a case already terminal. No event fires. */
  cancelRfiCase(rfiId: string): RfiCaseRecord;
  createPaymentRequest(input?: {
    accountId?: string;
    paymentRequestId?: string;
    executionMode?: string;
    status?: string;
  }): Record<string, unknown> & {
    paymentRequestId: string;
    executionMode: string;
    status: string;
    sessionToken: string;
  };
  /** Expires one token, or every issued token when none is named. */
  expireTokens(token?: string): { expired: number };
  injectFault(fault: FaultSpec): void;
  clearFaults(): void;
  /** Events emitted since start or the last reset, with their delivery state. */
  events(): EventRecord[];
  clearEvents(): void;
  /** Resolves once every webhook delivery started so far has finished. */
  settleEvents(): Promise<void>;
}

/** A running emulator. */
export interface Emulator {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4020`. */
  readonly url: string;
  readonly port: number;
  /** Every variable of the conformance suite's sandbox mode: `Object.assign(process.env, emulator.env)`. */
  readonly env: Record<string, string>;
  readonly credentials: ClientCredentials;
  readonly accounts: { primary: Account; other: Account; individual: Account };
  readonly fixtures: Fixtures;
  readonly control: EmulatorControl;
  /** Responses and event payloads that violated the spec since start. */
  readonly violations: Violation[];
  /** Error answers of operations whose spec lists no error status (the preview-logo operations). */
  readonly undocumentedResponses: Array<{ operationId: string; status: number }>;
  /** Stops listening, closes connections and waits for webhook deliveries in flight. */
  stop(): Promise<void>;
}

/** Starts an emulator of the Payments Connect API v1.0. Rejects when the port is in use. */
export function startEmulator(options?: EmulatorOptions): Promise<Emulator>;

export declare const ACCOUNT_IDS: {
  readonly primary: string;
  readonly other: string;
  readonly individual: string;
};

export declare const SEED_IDS: {
  readonly openRfiId: string;
  readonly openQuestionId: string;
  readonly secondOpenQuestionId: string;
  readonly approvedQuestionId: string;
  readonly openDocumentRequestId: string;
  readonly approvedDocumentRequestId: string;
  readonly closedRfiId: string;
  readonly closedQuestionId: string;
  readonly closedDocumentRequestId: string;
  readonly cancelledRfiId: string;
  readonly cancelledQuestionId: string;
  readonly cancelledDocumentRequestId: string;
  readonly otherAccountRfiId: string;
  readonly otherAccountQuestionId: string;
  readonly otherAccountDocumentRequestId: string;
  readonly hostedPaymentRequestId: string;
  readonly hostedPartPaidPaymentRequestId: string;
  readonly paidPaymentRequestId: string;
  readonly nonHostedPaymentRequestId: string;
  readonly otherAccountPaymentRequestId: string;
  readonly payerId: string;
  readonly otherAccountPayerId: string;
  readonly beneficiaryId: string;
  readonly otherAccountBeneficiaryId: string;
  readonly userId: string;
  readonly secondUserId: string;
  readonly otherAccountUserId: string;
  readonly individualUserId: string;
  readonly personId: string;
  readonly otherAccountPersonId: string;
  readonly corporateId: string;
  readonly otherAccountCorporateId: string;
};

/** The emulator's own status of a case that is not terminal (the document shows none). */
export declare const OPEN_RFI_STATUS: 'OPEN';
export declare const TERMINAL_RFI_STATUSES: readonly ['CLOSED', 'CANCELLED'];

/** The emulator's own event names (the document names only the kinds). */
export declare const EVENT_TYPES: {
  readonly caseCreated: 'v1.rfi.case.created';
  readonly caseAnswered: 'v1.rfi.case.answered';
  readonly caseItemApproved: 'v1.rfi.case.item_approved';
  readonly documentAttached: 'v1.rfi.document.attached';
};
export declare const EVENT_DESIGNED_BY: 'payments-connect-emulator';

/** Sandbox variable name -> fixture name, as agreed with @payments-connect/conformance. */
export declare const SANDBOX_FIXTURE_VARIABLES: Readonly<Record<string, keyof Fixtures>>;

export declare const CONTROL_PREFIX: '/_emulator';
export declare const DEFAULT_CLI_PORT: 4020;
export declare const DEFAULT_HOST: '127.0.0.1';
export declare const DEFAULT_TOKEN_TTL_SECONDS: 3600;
export declare const HOSTED_SESSION_WINDOW_SECONDS: 3600;
export declare const DEFAULT_CREDENTIALS: Readonly<ClientCredentials>;
