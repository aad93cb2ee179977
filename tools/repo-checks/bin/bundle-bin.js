#!/usr/bin/env node
// bundle-bin: in a package's folder, bundles each bin its package.json's `bin` names in `dist/bin/<name>.js` there,
// from its source `bin/<name>.js`: what users run. Why: a bin's start is timed beside a bare node:http server's
// (issue 41: the mock's at most 1.5x, the emulator's at most 2x), and loading some hundred ES modules one by one cost
// more than all the rest of a start; one bundle is read and compiled at once. `splitting` keeps what a module loads
// with `import()` (a proxy's forwarder, a recording, the snapshot files) in chunks of its own, loaded only when asked
// for, as from the sources. The source bin still runs as it is (`node bin/<name>.js`), for debugging.
//
// Inlined: the workspace's own code (`@payments-connect/*`). External: every other package, which must be a
// dependency (or a peer) of the bin's package, so that it resolves from there in a strict install (pnpm) as in a flat
// one (npm). And every dependency of an inlined workspace package must be one too: its code, inlined, asks Node for
// them from the bundle's folder (`createRequire(import.meta.url)`: Ajv, the YAML parser, the spec's bundle, the
// contract's compiled validators), where esbuild cannot see them. Declaring them is the simpler correct choice beside
// inlining them: the install is the same (the contract brings the same packages), and what esbuild cannot see could
// not be inlined anyway.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { readCommandLine, runAsCommand, wrongInput } from '../src/command-line.js';

const COMMAND = {
  name: 'bundle-bin',
  usage: `usage: bundle-bin [DIR]
  DIR          the package (default: the current folder): each bin its package.json names in dist/bin/ is bundled
               there from its source, bin/<name>.js
  -h, --help   this help`,
};

/** The workspace's own packages: inlined. */
const WORKSPACE_SCOPE = '@payments-connect/';

/** @typedef {{ name: string, bin?: Record<string, string>, dependencies?: Record<string, string>,
 *   peerDependencies?: Record<string, string> }} Manifest */

/**
 * Bundles the bins of the package the command line names; exit 2 for a folder with no package.json, or one that
 * publishes no bundled bin, or not its source; 1 when a package a bundle needs is not a dependency of the bin's
 * package.
 * @param {string[]} args
 */
export async function main(args) {
  const { positionals } = readCommandLine(COMMAND, args, { positionals: 1 });
  const packageDir = resolve(positionals[0] ?? '.');
  if (!existsSync(join(packageDir, 'package.json'))) wrongInput(COMMAND, `${packageDir}: no package.json there`);
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const outDir = join(packageDir, 'dist', 'bin');
  const sources = Object.values(manifest.bin ?? {})
    .map((file) => join(packageDir, file))
    .filter((file) => dirname(file) === outDir)
    .map((file) => join(packageDir, 'bin', basename(file)));
  if (sources.length === 0) wrongInput(COMMAND, `${manifest.name}'s package.json "bin" names nothing in dist/bin/`);
  for (const source of sources)
    if (!existsSync(source)) wrongInput(COMMAND, `${manifest.name}: no ${relative(packageDir, source)} to bundle`);
  // Chunks are named by their content: the folder is made anew, so that none of an earlier build is left.
  rmSync(outDir, { recursive: true, force: true });
  const problems = [];
  for (const source of sources) problems.push(...(await bundleBin(packageDir, manifest, source, outDir)));
  if (problems.length > 0) {
    process.stderr.write(`${COMMAND.name}: ${problems.join('\n')}\n`);
    process.exitCode = 1;
  }
}

/**
 * Bundles one bin: `dist/bin/<name>.js` is a few lines that turn Node's compile cache on (Node 22+), before any of the
 * bundle is compiled, then load the bundle (`dist/bin/bundle/<name>.js` and its chunks).
 * @param {string} packageDir @param {Manifest} manifest @param {string} source @param {string} outDir
 * @returns {Promise<string[]>} what is wrong with the dependencies it needs
 */
async function bundleBin(packageDir, manifest, source, outDir) {
  // Loaded here, not at the top: the other commands of this package's tests need no esbuild.
  const { build } = await import('esbuild');
  const name = basename(source, '.js');
  const generated =
    `GENERATED FILE (bundle-bin of @payments-connect/repo-checks, at build) from ${manifest.name}'s bin/${name}.js ` +
    `and the workspace code it imports: never edit; debug with node bin/${name}.js, which runs the sources.`;
  const result = await build({
    entryPoints: { [name]: source },
    absWorkingDir: packageDir,
    outdir: join(outDir, 'bundle'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: `// ${generated}` },
    plugins: [
      {
        name: 'external-packages',
        setup(build) {
          // A bare specifier other than the workspace's: left to Node, from the bundle's folder. A package's own
          // `#imports` are inlined (Node's conditions: platform node).
          build.onResolve({ filter: /^[^./#]/ }, ({ path }) =>
            path.startsWith(WORKSPACE_SCOPE) ? undefined : { path, external: true },
          );
        },
      },
    ],
  });
  const entry = `./bundle/${name}.js`;
  writeFileSync(
    join(outDir, `${name}.js`),
    [
      '#!/usr/bin/env node',
      `// ${generated}`,
      "import module from 'node:module';",
      '',
      '// Node 22.1+ caches compiled code between runs, so later starts load faster: on before the bundle is compiled.',
      '/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();',
      `await import(${JSON.stringify(entry)});`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const { metafile } = /** @type {{ metafile: import('esbuild').Metafile }} */ (result);
  const bytes = Object.values(metafile.outputs).reduce((sum, { bytes }) => sum + bytes, 0);
  const chunks = Object.keys(metafile.outputs).length;
  console.log(`${manifest.name}: dist/bin/${name}.js, bundled in ${chunks} file(s), ${Math.round(bytes / 1024)} KB`);
  return missingDependencies(packageDir, manifest, metafile);
}

/**
 * What the bundle needs that its package does not declare: an external package it imports, or a dependency of a
 * workspace package it inlines (`createRequire` asks for it from the bundle's folder), that is neither a dependency
 * nor a peer dependency of the bin's package, or is one with another range than the inlined package's.
 * @param {string} packageDir where the metafile's paths start @param {Manifest} manifest
 * @param {import('esbuild').Metafile} metafile @returns {string[]}
 */
function missingDependencies(packageDir, manifest, metafile) {
  const declared = { ...manifest.peerDependencies, ...manifest.dependencies };
  const problems = [];
  const externals = new Set(
    Object.values(metafile.outputs).flatMap(({ imports }) =>
      imports.filter(({ external, path }) => external && !path.startsWith('node:')).map(({ path }) => path),
    ),
  );
  for (const specifier of externals) {
    const packageName = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    if (!(packageName in declared))
      problems.push(`${manifest.name}: the bundle imports ${packageName}, which its package.json does not declare`);
  }
  /** @type {Map<string, Manifest>} the workspace packages whose code is inlined, by name */
  const inlined = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const inputManifest = manifestOf(dirname(resolve(packageDir, input)));
    if (inputManifest?.name.startsWith(WORKSPACE_SCOPE) && inputManifest.name !== manifest.name)
      inlined.set(inputManifest.name, inputManifest);
  }
  for (const [workspacePackage, inlinedManifest] of inlined) {
    for (const [dependency, range] of Object.entries(inlinedManifest.dependencies ?? {})) {
      if (dependency === manifest.name) continue;
      if (declared[dependency] !== range)
        problems.push(
          `${manifest.name}: ${workspacePackage}, inlined in its bin, depends on ${dependency}@${range}: ` +
            `its package.json must declare that dependency too (${declared[dependency] ?? 'it declares none'})`,
        );
    }
  }
  return problems;
}

/**
 * The manifest of the package a folder is in: the nearest package.json up from it.
 * @param {string} dir @returns {Manifest | undefined}
 */
function manifestOf(dir) {
  for (let at = dir; ; at = dirname(at)) {
    const file = join(at, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    if (dirname(at) === at) return undefined;
  }
}

await runAsCommand(import.meta.url, main);
