// Type tests, compiled by `pnpm check` (tsc -p test/tsconfig.json): every @ts-expect-error must be an error.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  components,
  ErrorEnvelope,
  GatewayErrorCode,
  operations,
  PreviewLogoUpload,
  paths,
  RfiBulkResponsesRequest,
  RfiCase,
  RfiDocumentUpload,
  TokenResponse,
  webhooks,
} from '../src/index.js';

describe('file parts (format: binary)', () => {
  it('are Blob, not string', () => {
    expectTypeOf<PreviewLogoUpload['logo']>().toEqualTypeOf<Blob>();
    expectTypeOf<RfiDocumentUpload['document']>().toEqualTypeOf<Blob>();
    expectTypeOf<PreviewLogoUpload['logo']>().not.toEqualTypeOf<string>();
    type LogoBody = operations['uploadPaymentRequestPreviewLogo']['requestBody']['content']['multipart/form-data'];
    expectTypeOf<LogoBody>().toEqualTypeOf<{ logo: Blob }>();
    const upload: PreviewLogoUpload = { logo: new File(['png'], 'logo.png') }; // a File is a Blob
    // @ts-expect-error a base64 string is not a file part
    const notAFile: PreviewLogoUpload = { logo: 'iVBORw0KGgo=' };
    void [upload, notAFile];
  });
});

describe('named aliases', () => {
  it('stand for the component schemas', () => {
    expectTypeOf<RfiCase>().toEqualTypeOf<components['schemas']['RfiCase']>();
    expectTypeOf<ErrorEnvelope>().toEqualTypeOf<components['schemas']['ErrorEnvelope']>();
    expectTypeOf<TokenResponse>().toEqualTypeOf<components['schemas']['TokenResponse']>();
    expectTypeOf<RfiBulkResponsesRequest>().toEqualTypeOf<components['schemas']['RfiBulkResponsesRequest']>();
  });

  it('carry the facts of the interface', () => {
    expectTypeOf<TokenResponse['token_type']>().toEqualTypeOf<'Bearer'>();
    expectTypeOf<TokenResponse['expires_in']>().toEqualTypeOf<number>();
    expectTypeOf<ErrorEnvelope['code']>().toEqualTypeOf<GatewayErrorCode>();
    const unknownCode: GatewayErrorCode = 'A_CODE_V1_0_DOES_NOT_LIST'; // an open set
    void unknownCode;
    expectTypeOf<RfiBulkResponsesRequest['answers'][number]>().toEqualTypeOf<{ questionId: string; answer: string }>();
  });
});

describe('paths, operations and webhooks', () => {
  it('follow openapi-typescript, so that openapi-fetch can use them', () => {
    expectTypeOf<paths['/v1/rfi/{rfiId}']['get']>().toEqualTypeOf<operations['getRfiCase']>();
    expectTypeOf<operations['getRfiCase']['parameters']['header']>().toEqualTypeOf<{ AccountId: string }>();
    expectTypeOf<paths['/auth/token']['post']['parameters']['header']>().toEqualTypeOf<undefined>();
    expectTypeOf<keyof webhooks>().toEqualTypeOf<'v1.rfi.case.*' | 'v1.rfi.document.*'>();
  });
});
