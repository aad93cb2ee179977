// Open enums (documented values plus any other string) must keep their literals, which an editor completes, while
// an unknown value still type-checks. Checked by tsc through vitest typecheck.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  GatewayErrorCode,
  PaymentRequestExecutionMode,
  PaymentRequestStatus,
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
    expectTypeOf<Literals<RfiCaseStatus>>().toEqualTypeOf<'CLOSED' | 'CANCELLED'>();
    expectTypeOf<Literals<PaymentRequestStatus>>().toEqualTypeOf<'UNPAID' | 'PART_PAID'>();
    expectTypeOf<Literals<PaymentRequestExecutionMode>>().toEqualTypeOf<'HOSTED_PAGE'>();
    expectTypeOf<string>().toExtend<RfiCaseStatus>();
    expectTypeOf<string>().toExtend<PaymentRequestStatus>();
    expectTypeOf<string>().toExtend<PaymentRequestExecutionMode>();
  });
});
