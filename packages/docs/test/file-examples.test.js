import { bundledDocumentPath, createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { inlineFileExamples } from '../src/file-examples.js';

describe('inlineFileExamples', () => {
  it('shows each file example of the page by its parts, so Redoc needs no file beside the page', () => {
    const contract = createContract(structuredClone(loadBundledDocument()), { location: bundledDocumentPath() });
    expect(JSON.stringify(contract.document)).toContain('"externalValue"');
    expect(inlineFileExamples(contract)).toBeGreaterThan(0);
    expect(JSON.stringify(contract.document)).not.toContain('"externalValue"');
    const upload = contract.operation('uploadPaymentRequestPreviewLogo');
    const media = upload?.requestBody?.requestBody.content['multipart/form-data'];
    const [example] = Object.values(media.examples).map((raw) => contract.dereference(raw).node);
    expect(example.value).toEqual({
      logo: '(the file logo.png, image/png: examples/preview-logo-upload.multipart in @payments-connect/openapi)',
    });
  });
});
