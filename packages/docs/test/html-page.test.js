import { describe, expect, it } from 'vitest';
import {
  CONNECT_SOURCES,
  CONTENT_SECURITY_POLICY,
  LOCAL_ORIGINS,
  REDOC_OPTIONS,
  renderHtmlPage,
  SYSTEM_FONTS,
} from '../src/html-page.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1', description: 'Ends </script><!-- here' },
  paths: {},
};
const parts = {
  spec,
  redocSource: 'window.Redoc = {};',
  redocVersion: '2.5.0',
  consoleSource: 'export function startTryItConsole() {}\n',
  servedSamplesSource: 'export function pointSamplesAt() {}\n',
  languageChoiceSource: 'export function rememberSampleLanguage() {}\n',
  tryItModel: { note: 'a </script> in the model' },
  sampleServer: { urls: ['https://sandbox.example'], placeholder: 'A </script> placeholder', served: 'Served' },
  published: { fileName: 'openapi.yaml', mediaType: 'application/yaml', base64: 'b3BlbmFwaTogMy4xLjAK' },
};
const page = renderHtmlPage(parts);

/**
 * The text of the <script> element with this id; empty when there is none, which JSON.parse refuses.
 * @param {string} id
 */
const scriptText = (id) =>
  new RegExp(`<script id="${id}" type="application/json">([^<]*)</script>`).exec(page)?.[1] ?? '';

describe('renderHtmlPage', () => {
  it('inlines the spec, the console model and the published bundle so that they parse back unchanged', () => {
    expect(JSON.parse(scriptText('openapi'))).toEqual(spec);
    expect(JSON.parse(scriptText('try-it-model'))).toEqual(parts.tryItModel);
    expect(JSON.parse(scriptText('sample-server'))).toEqual(parts.sampleServer);
    const { fileName, mediaType, base64 } = parts.published;
    expect(JSON.parse(scriptText('published-bundle'))).toEqual({ fileName, mediaType, base64 });
    expect(page.match(/<\/script>/g)).toHaveLength(7);
  });

  it('runs the console and the served samples as one module, and refuses a source that would end its element', () => {
    expect(page).toContain(
      `<script type="module">${parts.consoleSource}${parts.servedSamplesSource}${parts.languageChoiceSource}`,
    );
    expect(() => renderHtmlPage({ ...parts, consoleSource: 'const s = "</script>";' })).toThrow(/<script>/);
    expect(() => renderHtmlPage({ ...parts, servedSamplesSource: '// <!-- a comment' })).toThrow(/served samples/);
  });

  it('loads nothing by address: no src, no stylesheet link, no @import, no url()', () => {
    // Outside the scripts, whose code may well say createObjectURL(.
    const markup = page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script></script>');
    expect(page).not.toMatch(/\ssrc=/i);
    expect(page).not.toMatch(/<link\b/i);
    expect(markup).not.toMatch(/@import|url\(/i);
    expect(markup).toContain('<style>');
  });

  it('forbids every load by Content-Security-Policy; the console may call this machine and its server only', () => {
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(LOCAL_ORIGINS).toEqual(['http://127.0.0.1:*', 'http://localhost:*']);
    expect(CONNECT_SOURCES).toEqual(["'self'", ...LOCAL_ORIGINS]);
    expect(CONTENT_SECURITY_POLICY).toContain(`connect-src ${CONNECT_SOURCES.join(' ')};`);
    const hosts = [...CONTENT_SECURITY_POLICY.matchAll(/https?:\/\/([^\s:;]+)/g)].map(([, host]) => host);
    expect(hosts).toEqual(['127.0.0.1', 'localhost']);
  });

  it('sets Redoc to the system font stack and the offset of the page bar', () => {
    expect(JSON.parse(scriptText('redoc-options'))).toEqual(REDOC_OPTIONS);
    expect(REDOC_OPTIONS.theme.typography.fontFamily).toBe(SYSTEM_FONTS);
    expect(REDOC_OPTIONS.theme.typography.headings.fontFamily).toBe(SYSTEM_FONTS);
    expect(page).toContain(`<header class="${REDOC_OPTIONS.scrollYOffset.slice(1)}">`);
  });
});
