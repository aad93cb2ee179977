import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The renderer: Redoc's browser bundle from its npm package, so no CDN is ever asked for it. */
const BUNDLE_SPECIFIER = 'redoc/bundles/redoc.standalone.js';

/**
 * Redoc's side menu footer shows a logo fetched from this CDN address on every page view. It is the
 * bundle's only request to another host, so it is swapped for an inline image.
 */
const CDN_LOGO_URL = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const INLINE_LOGO_URL =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E" +
  "%3Ccircle cx='8' cy='8' r='6' fill='%23888'/%3E%3C/svg%3E";

// A browser would look for the source map beside the HTML file; there is none.
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;

// Inside an inline <script>, these sequences would change how the HTML parser reads the script.
// They occur only in the bundle's strings and regular expressions, where \x3C means the same `<`.
const HTML_SENSITIVE = /<(\/?script|!--)/gi;

/**
 * Redoc's standalone bundle, ready to inline in a `<script>` element: no source map reference, no
 * CDN image, nothing that could close the element early. Throws when the bundle no longer looks as
 * expected (a Redoc upgrade), rather than inlining something that reaches a CDN.
 * @returns {{ version: string, source: string }}
 */
export function loadRedocBundle() {
  const path = require.resolve(BUNDLE_SPECIFIER);
  const { version } = require('redoc/package.json');
  const original = readFileSync(path, 'utf8');
  const logoUses = original.split(CDN_LOGO_URL).length - 1;
  if (logoUses !== 1)
    throw new Error(
      `Expected the CDN logo once in redoc ${version}, found it ${logoUses} times: review redoc-bundle.js`,
    );
  const source = original
    .replace(CDN_LOGO_URL, INLINE_LOGO_URL)
    .replace(SOURCE_MAP_COMMENT, '\n')
    .replace(HTML_SENSITIVE, (_, rest) => `\\x3C${rest}`);
  return { version, source };
}
