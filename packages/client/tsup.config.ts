import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  entry: ['src/index.ts'],
  dts: true,
  target: 'es2022',
  // Published unminified (readable stack traces); size-limit measures the minified bundle.
  minify: false,
  sourcemap: false,
};

export default defineConfig([
  { ...shared, format: 'esm', clean: ['*.js', '*.d.ts'] },
  {
    ...shared,
    format: 'cjs',
    clean: ['*.cjs', '*.d.cts'],
    // openapi-fetch's CommonJS build puts createClient on `exports.default`, and the Node interop that a CommonJS
    // build of an ES module package uses hands over the whole `exports` object as the default import: the call
    // would throw. Bundled in, openapi-fetch is imported by esbuild itself, so `require()` users get a client
    // that works.
    noExternal: ['openapi-fetch'],
  },
]);
