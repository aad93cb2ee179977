// The types of one operation's exchange, from the generated types of @payments-connect/types (openapi-typescript's
// `operations`), as openapi-msw types a handler from `paths`: what an override is given and may answer, and what a
// fixture builds. Types only: the module has nothing to run.

/** @typedef {import('@payments-connect/types').operations} Operations every operation of the contract, generated */
/** @typedef {keyof Operations & string} OperationId an operationId of the contract (`getRfiCase`) */

/**
 * A type, or an empty record where the operation has none (openapi-typescript writes `query?: never`).
 * @template T
 * @typedef {[NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>} OrNone
 */

/**
 * The path parameters of an operation (`{ rfiId: string }`).
 * @template {OperationId} Id
 * @typedef {OrNone<Operations[Id]['parameters']['path']>} PathParams
 */

/**
 * The documented query parameters of an operation, typed, their defaults filled in.
 * @template {OperationId} Id
 * @typedef {OrNone<Operations[Id]['parameters']['query']>} QueryParams
 */

/**
 * The documented headers of an operation, by their documented name (`AccountId`).
 * @template {OperationId} Id
 * @typedef {OrNone<Operations[Id]['parameters']['header']>} HeaderParams
 */

/**
 * The body of an operation's request as the contract read it: the JSON value, or for a multipart body its described
 * parts; undefined for an operation that takes none.
 * @template {OperationId} Id
 * @typedef {NonNullable<Operations[Id]['requestBody']> extends { content: infer Content }
 *   ? Content extends { 'application/json': infer Json } ? Json : Content[keyof Content]
 *   : undefined} RequestBody
 */

/**
 * The statuses an operation documents (`200 | 400 | 401 | ...`).
 * @template {OperationId} Id
 * @typedef {keyof Operations[Id]['responses'] & number} DocumentedStatus
 */

/**
 * The JSON body of one documented response of an operation; undefined for a response without one.
 * @template {OperationId} Id
 * @template {number} Status
 * @typedef {Status extends keyof Operations[Id]['responses']
 *   ? Operations[Id]['responses'][Status] extends { content: { 'application/json': infer Json } } ? Json : undefined
 *   : never} ResponseBody
 */

/**
 * One answer an override may give: a documented status, with the body that status documents (none where it documents
 * none), and headers of its own (the documented ones with their examples are not added to an override's answer).
 * @template {OperationId} Id
 * @template {number} Status
 * @typedef {ResponseBody<Id, Status> extends undefined
 *   ? { status: Status, body?: undefined, headers?: Record<string, string> }
 *   : { status: Status, body: ResponseBody<Id, Status>, headers?: Record<string, string> }} AnswerOf
 */

/**
 * What an override of an operation may answer: one of its documented statuses with the body of that status.
 * @template {OperationId} Id
 * @typedef {{ [Status in DocumentedStatus<Id>]: AnswerOf<Id, Status> }[DocumentedStatus<Id>]} OverrideAnswer
 */

/**
 * What an override is given: a request that kept the contract (an invalid one is refused before), its values typed.
 * @template {OperationId} Id
 * @typedef {object} OverrideRequest
 * @property {Id} operationId
 * @property {PathParams<Id>} params the path parameters
 * @property {QueryParams<Id>} query the documented query parameters, defaults filled in
 * @property {HeaderParams<Id>} headers the documented headers, by their documented name
 * @property {RequestBody<Id>} body the JSON body (a multipart body: its described parts)
 */

/**
 * An override of an operation: the answer it gives instead of the mock's, or undefined to leave the request to the
 * mock (an override for one case only). Its answer is held to the contract when it is served.
 * @template {OperationId} Id
 * @typedef {(request: OverrideRequest<Id>) =>
 *   OverrideAnswer<Id> | undefined | Promise<OverrideAnswer<Id> | undefined>} Override
 */

/**
 * Overrides by operationId.
 * @typedef {{ [Id in OperationId]?: Override<Id> }} Overrides
 */

export {};
