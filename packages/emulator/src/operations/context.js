/**
 * The shapes every operation handler shares. Handlers are plain functions of an OperationContext that
 * return an OperationResult or throw a RefusalError; the server does routing, auth, request and response
 * checking around them.
 */

/**
 * @typedef {object} OperationContext
 * @property {Record<string, string>} params validated path parameters
 * @property {Record<string, unknown>} query validated query parameters
 * @property {string} accountId the AccountId header ('' for POST /auth/token, which takes none)
 * @property {{ account: Record<string, any>, businessProfile?: Record<string, any> } | undefined} account
 * @property {any} body the validated JSON body
 * @property {Record<string, import('@payments-connect/contract').UploadedPart>} parts multipart parts by name
 * @property {import('../store.js').Store} store
 * @property {import('../token-issuer.js').TokenIssuer} tokens
 * @property {import('../event-bus.js').EventBus} events
 * @property {() => number} now epoch milliseconds
 * @property {import('../random-source.js').RandomSource} random where new ids and tokens come from
 * @property {{ webhookUrl?: string }} config
 */

/**
 * @typedef {object} OperationResult
 * @property {number} status
 * @property {unknown} [body] JSON body; none when undefined
 * @property {Record<string, string>} [headers]
 */

/** @typedef {(ctx: OperationContext) => OperationResult | Promise<OperationResult>} OperationHandler */

/**
 * A 200 answer with a JSON body.
 * @param {unknown} body
 * @returns {OperationResult}
 */
export const ok = (body) => ({ status: 200, body });

/**
 * The clock as an ISO 8601 timestamp.
 * @param {() => number} now
 */
export const isoNow = (now) => new Date(now()).toISOString();
