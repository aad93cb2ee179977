/**
 * GENERATED FILE: do not edit by hand.
 * Source: @payments-connect/openapi (dist/openapi.json), the named response examples of each operation.
 * Regenerate with `pnpm --filter @payments-connect/mock build` (scripts/example-statuses.js).
 */

/**
 * The named response examples of each operation, by the status each sits on: what `fixtures` builds, typed.
 * @typedef {{
 *   createAccessToken: {
 *     clientCredentials: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   listWebhooks: {
 *     webhookList: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   uploadPaymentRequestPreviewLogo: {
 *     hostedUnpaid: 200;
 *   };
 *   refreshPaymentRequestSession: {
 *     hostedUnpaid: 200;
 *     hostedPartPaid: 200;
 *     notHostedPage: 400;
 *     notRefreshableStatus: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   getPayer: {
 *     payer: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   updatePayer: {
 *     payer: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   getBeneficiary: {
 *     beneficiary: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   updateBeneficiary: {
 *     beneficiary: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   getUser: {
 *     user: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   updateUser: {
 *     user: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   deactivateUser: {
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   updateUserRole: {
 *     user: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   submitAccount: {
 *     submission: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   getRelatedPerson: {
 *     director: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   updateRelatedPerson: {
 *     director: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   getRelatedCorporate: {
 *     parentCompany: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   updateRelatedCorporate: {
 *     parentCompany: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   getBusinessProfile: {
 *     businessProfile: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   listRfiCases: {
 *     openCases: 200;
 *     includingTerminal: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     notFound: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   getRfiCase: {
 *     openCase: 200;
 *     closedCase: 200;
 *     cancelledCase: 200;
 *     validationFailed: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     otherAccountCase: 404;
 *     methodNotAllowed: 405;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   answerRfiQuestion: {
 *     answered: 200;
 *     validationFailed: 400;
 *     emptyAnswer: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     otherAccountCase: 404;
 *     methodNotAllowed: 405;
 *     rfiNotOpen: 409;
 *     rfiItemAlreadyApproved: 409;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   attachRfiDocument: {
 *     attached: 200;
 *     validationFailed: 400;
 *     missingDocument: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     otherAccountCase: 404;
 *     methodNotAllowed: 405;
 *     rfiNotOpen: 409;
 *     rfiItemAlreadyApproved: 409;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 *   submitRfiResponses: {
 *     answered: 200;
 *     validationFailed: 400;
 *     emptyAnswer: 400;
 *     unauthorized: 401;
 *     forbidden: 403;
 *     otherAccountCase: 404;
 *     methodNotAllowed: 405;
 *     rfiNotOpen: 409;
 *     rfiItemAlreadyApproved: 409;
 *     unsupportedMediaType: 415;
 *     tooManyRequests: 429;
 *     internalError: 500;
 *   };
 * }} ExampleStatuses
 */

export {};
