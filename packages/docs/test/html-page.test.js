import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, REDOC_OPTIONS, renderHtmlPage, SYSTEM_FONTS } from '../src/html-page.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1', description: 'Ends </script><!-- here' },
  paths: {},
};
const page = renderHtmlPage({ spec, redocSource: 'window.Redoc = {};', redocVersion: '2.5.0' });

/**
 * The text of the <script> element with this id; empty when there is none, which JSON.parse refuses.
 * @param {string} id
 */
const scriptText = (id) =>
  new RegExp(`<script id="${id}" type="application/json">([^<]*)</script>`).exec(page)?.[1] ?? '';

describe('renderHtmlPage', () => {
  it('inlines the spec so that it parses back unchanged, even with </script> in a description', () => {
    expect(JSON.parse(scriptText('openapi'))).toEqual(spec);
    expect(page.match(/<\/script>/g)).toHaveLength(4);
  });

  it('loads nothing by address: no src, no stylesheet link, no @import, no url()', () => {
    expect(page).not.toMatch(/\ssrc=/i);
    expect(page).not.toMatch(/<link\b/i);
    expect(page).not.toMatch(/@import|url\(/i);
  });

  it('forbids every load from anywhere by Content-Security-Policy', () => {
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:/);
  });

  it('sets Redoc to the system font stack', () => {
    expect(JSON.parse(scriptText('redoc-options'))).toEqual(REDOC_OPTIONS);
    expect(REDOC_OPTIONS.theme.typography.fontFamily).toBe(SYSTEM_FONTS);
    expect(REDOC_OPTIONS.theme.typography.headings.fontFamily).toBe(SYSTEM_FONTS);
  });
});
