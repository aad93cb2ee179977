import { describe, expect, it } from 'vitest';
import { loadRedocBundle } from '../src/redoc-bundle.js';

describe('loadRedocBundle', () => {
  const { version, source } = loadRedocBundle();

  it('is the Redoc of the catalog, with its Redoc.init entry point', () => {
    expect(version).toBe('2.5.0');
    expect(source).toContain('Redoc');
    expect(source.length).toBeGreaterThan(500_000);
  });

  it('names no other host to load from: no CDN image, no source map', () => {
    expect(source).not.toContain('cdn.redoc.ly');
    expect(source).not.toMatch(/sourceMappingURL=redoc\.standalone\.js\.map/);
    expect(source).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
  });

  it('contains nothing that would end or escape its inline <script> element', () => {
    expect(source).not.toMatch(/<\/?script|<!--/i);
  });
});
