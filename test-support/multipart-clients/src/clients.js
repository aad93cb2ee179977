import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the client programs and the file they upload live; every client runs there. */
export const CLIENTS_DIR = fileURLToPath(new URL('../clients/', import.meta.url));

/** The file every client uploads as the part `document`: the PDF of the spec's `RfiDocumentUpload` example. */
export const INVOICE = readFileSync(new URL('../clients/invoice.pdf', import.meta.url));

/**
 * The Python with requests and httpx: Debian's, which has both, before whatever `python3` is first on PATH.
 */
const PYTHONS = ['/usr/bin/python3', 'python3'];

/**
 * @typedef {object} SentPart what a client was told to send as the part `document`, as a server should read it
 * @property {string} fileName the file name the server keeps (the part's name when it is sent without one)
 * @property {string} contentType
 * @property {number} size
 */

/**
 * @typedef {object} ClientCommand how a client is run here
 * @property {string} command
 * @property {string[]} args the URL is appended
 * @property {string} version the client's name and version, as its fixture records it
 * @property {string[]} shown the command's words as its fixture records them, the last `URL` (a scratch path left out)
 * @property {boolean} [elsewhere] run in a scratch folder, not in {@link CLIENTS_DIR}: it leaves reports behind
 */

/**
 * @typedef {object} Client a real HTTP client that uploads {@link INVOICE}
 * @property {string} id names its fixture (`fixtures/<id>.body`)
 * @property {() => ClientCommand | { missing: string }} find the command that uploads to a URL and the client's
 *   version; or, when this machine lacks the client, why
 * @property {SentPart} sends
 */

/**
 * Runs a command and returns its standard output trimmed, or undefined when it cannot run or fails.
 * @param {string} command
 * @param {string[]} args
 */
function outputOf(command, args) {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 30_000,
    }).trim();
  } catch {
    return undefined;
  }
}

/**
 * A Python client: the first Python on {@link PYTHONS} that imports the module.
 * @param {'requests' | 'httpx'} module
 * @returns {Client['find']}
 */
function python(module) {
  return () => {
    for (const python of PYTHONS) {
      const version = outputOf(python, ['-c', `import ${module}; print(${module}.__version__)`]);
      if (!version) continue;
      const args = [`send-with-${module}.py`];
      return { command: python, args, version: `${module} ${version}`, shown: [python, ...args, 'URL'] };
    }
    return { missing: `no Python here imports ${module} (tried ${PYTHONS.join(', ')})` };
  };
}

/** The variable that names a Specmatic jar (`npm install specmatic` in a folder outside the repository ships one). */
export const SPECMATIC_JAR = 'SPECMATIC_JAR';

/** The bundled spec Specmatic reads, as built by `pnpm build`. */
const BUNDLED_SPEC = fileURLToPath(new URL('../../../spec/dist/openapi.yaml', import.meta.url));

/** Specmatic's contract test of the upload's 200 example only: one request, the body its Ktor client writes. */
const SPECMATIC_FILTER = "PATH='/v1/rfi/{rfiId}/document-requests/{documentRequestId}/document' && STATUS='200'";

const PDF = { fileName: 'invoice.pdf', contentType: 'application/pdf', size: INVOICE.length };

/** @type {Client[]} */
export const CLIENTS = [
  {
    id: 'curl',
    find: () => {
      const version = outputOf('curl', ['--version'])?.split(' ')[1];
      if (!version) return { missing: 'curl is not on PATH' };
      const args = [
        '--silent',
        '--show-error',
        '--fail',
        '-X',
        'PUT',
        '-F',
        'document=@invoice.pdf;type=application/pdf',
      ];
      return { command: 'curl', args, version: `curl ${version}`, shown: ['curl', ...args, 'URL'] };
    },
    sends: PDF,
  },
  { id: 'requests', find: python('requests'), sends: PDF },
  { id: 'httpx', find: python('httpx'), sends: PDF },
  {
    id: 'go',
    find: () => {
      const version = outputOf('go', ['env', 'GOVERSION']);
      if (!version) return { missing: 'go is not on PATH' };
      const args = ['run', 'send-with-go.go'];
      return { command: 'go', args, version, shown: ['go', ...args, 'URL'] };
    },
    // CreateFormFile types every file part application/octet-stream.
    sends: { ...PDF, contentType: 'application/octet-stream' },
  },
  {
    id: 'undici',
    find: () => ({
      command: process.execPath,
      args: ['send-with-undici.js'],
      version: `undici ${process.versions.undici} (Node ${process.versions.node})`,
      shown: ['node', 'send-with-undici.js', 'URL'],
    }),
    sends: PDF,
  },
  {
    // Ktor, the HTTP client of Kotlin services, as Specmatic (which sends with it) uploads the spec's example.
    id: 'ktor',
    find: () => {
      const jar = process.env[SPECMATIC_JAR];
      if (!jar) {
        return { missing: `${SPECMATIC_JAR} names no specmatic.jar (npm install specmatic in a folder of its own)` };
      }
      if (!existsSync(BUNDLED_SPEC)) return { missing: `${BUNDLED_SPEC} is not built (pnpm build)` };
      const version = outputOf('java', ['-jar', jar, '--version'])?.match(/v?(\d+\.\d+\.\d+)/)?.[1];
      if (!version) return { missing: `java -jar ${jar} --version answers no version (Java 17 is needed)` };
      const args = ['-jar', jar, 'test', BUNDLED_SPEC, '--filter', SPECMATIC_FILTER, '--testBaseURL'];
      const shown = ['java', '-jar', 'specmatic.jar', 'test', 'spec/dist/openapi.yaml', ...args.slice(4), 'URL'];
      return { command: 'java', args, version: `Ktor client (Specmatic ${version})`, shown, elsewhere: true };
    },
    // Specmatic sends the example's file part without a file name, typed text/plain: the part's name stands for it.
    sends: { fileName: 'document', contentType: 'text/plain', size: INVOICE.length },
  },
];
