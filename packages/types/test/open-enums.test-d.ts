// Open enums (documented values plus any other string) must keep their literals, which an editor completes, while
// an unknown value still type-checks. Compiled by `pnpm check` (tsc -p test/tsconfig.json).
import { describe, expectTypeOf, it } from 'vitest';
import type {
  GatewayErrorCode,
  OpenEnumsAsString,
  PathsForOpenapiFetch,
  PaymentRequestExecutionMode,
  PaymentRequestStatus,
  PreviewLogoUpload,
  paths,
  RfiCaseStatus,
} from '../src/index.js';

/** The literal members of a string union: never for a plain `string`, which is what completion has nothing of. */
type Literals<T> = T extends string ? (string extends T ? never : T) : never;

describe('GatewayErrorCode', () => {
  it('keeps the codes the document states as literals, which plain string would lose', () => {
    expectTypeOf<Literals<GatewayErrorCode>>().toEqualTypeOf<'VALIDATION_FAILED' | 'NOT_FOUND' | 'CONFLICT'>();
    expectTypeOf<Literals<string>>().toBeNever(); // what `'A' | string` collapses to
    expectTypeOf<GatewayErrorCode>().not.toEqualTypeOf<string>();
  });

  it('accepts a known code and a code v1.0 does not list', () => {
    const known: GatewayErrorCode = 'CONFLICT';
    const unknown: GatewayErrorCode = 'A_CODE_V1_0_DOES_NOT_LIST';
    const fromAnyString: GatewayErrorCode = String(Date.now());
    expectTypeOf<string>().toExtend<GatewayErrorCode>();
    void [known, unknown, fromAnyString];
  });
});

describe('the other open enums', () => {
  it('keep their documented values and accept any other string', () => {
    // OPEN is the contract's designed-here value for an open case, listed in a branch of its own.
    expectTypeOf<Literals<RfiCaseStatus>>().toEqualTypeOf<'CLOSED' | 'CANCELLED' | 'OPEN'>();
    expectTypeOf<Literals<PaymentRequestStatus>>().toEqualTypeOf<'UNPAID' | 'PART_PAID'>();
    expectTypeOf<Literals<PaymentRequestExecutionMode>>().toEqualTypeOf<'HOSTED_PAGE'>();
    expectTypeOf<string>().toExtend<RfiCaseStatus>();
    expectTypeOf<string>().toExtend<PaymentRequestStatus>();
    expectTypeOf<string>().toExtend<PaymentRequestExecutionMode>();
  });
});

describe('PathsForOpenapiFetch', () => {
  type Case<P> = P extends {
    '/v1/rfi/{rfiId}': { get: { responses: { 200: { content: { 'application/json': infer C } } } } };
  }
    ? C
    : never;
  type Logo<P> = P extends {
    '/v1/collections/payment-requests/{paymentRequestId}/preview-logo': {
      put: { requestBody: { content: { 'multipart/form-data': infer B } } };
    };
  }
    ? B
    : never;

  it('has the open enums as plain string, which openapi-fetch 0.17 passes through intact', () => {
    expectTypeOf<Exclude<Case<PathsForOpenapiFetch>['status'], undefined>>().toEqualTypeOf<string>();
    expectTypeOf<Literals<Exclude<Case<paths>['status'], undefined>>>().toEqualTypeOf<
      'CLOSED' | 'CANCELLED' | 'OPEN'
    >();
    expectTypeOf<OpenEnumsAsString<GatewayErrorCode>>().toEqualTypeOf<string>();
    expectTypeOf<OpenEnumsAsString<'CLOSED'>>().toEqualTypeOf<'CLOSED'>();
  });

  it('leaves everything else as it is: ids, file parts, records', () => {
    expectTypeOf<Case<PathsForOpenapiFetch>['rfiId']>().toEqualTypeOf<string>();
    expectTypeOf<Logo<PathsForOpenapiFetch>>().toEqualTypeOf<PreviewLogoUpload>();
    expectTypeOf<Logo<PathsForOpenapiFetch>['logo']>().toEqualTypeOf<Blob>();
  });
});
