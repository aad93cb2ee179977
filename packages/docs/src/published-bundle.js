import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** What the page's "Download" gives: the bundle `@payments-connect/openapi` publishes, as it is published. */
const BUNDLE_SPECIFIER = '@payments-connect/openapi/openapi.yaml';
export const DOWNLOAD_FILE_NAME = 'openapi.yaml';
export const DOWNLOAD_MEDIA_TYPE = 'application/yaml';

/**
 * The published bundle, for the page's "Download": Redoc would otherwise offer the copy it renders, which the
 * docs have decorated (samples, notices, listed enum values). Base64 keeps every byte as published, whatever the
 * file holds, inside a `<script>` element.
 * @returns {{ fileName: string, mediaType: string, base64: string, bytes: number }}
 */
export function loadPublishedBundle() {
  const content = readFileSync(require.resolve(BUNDLE_SPECIFIER));
  return {
    fileName: DOWNLOAD_FILE_NAME,
    mediaType: DOWNLOAD_MEDIA_TYPE,
    base64: content.toString('base64'),
    bytes: content.length,
  };
}
