import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A link that leaves the page: a scheme (`https:`, `mailto:`) or a host of its own (`//host`). A README links to
 * another package, or to a file of the repository that is not published, this way: its installed copy has nothing
 * beside it.
 */
const ABSOLUTE_TARGET = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * @typedef {object} MarkdownLink
 * @property {string} target as written: `#limits`, `snapshots/item-approved.json`, `https://…`
 * @property {number} line 1-based
 */

/**
 * @typedef {object} BrokenLink
 * @property {string} target as written
 * @property {number} line 1-based, in the README (or in `file`)
 * @property {string} problem why a reader of the installed package finds nothing there
 * @property {string} [file] the document of the package it is in, when it is not the README: one the README links to
 *   (its `REFERENCE.md`), whose links are followed as the README's are
 */

/**
 * The lines of a Markdown text with fenced code blocks blanked out, so that neither a link nor a heading is read from
 * code (a `# comment` of a shell block is no heading).
 * @param {string} markdown
 */
function proseLines(markdown) {
  /** @type {string | undefined} the fence that opened the block the line is in */
  let fence;
  return markdown.split('\n').map((line) => {
    const marker = /^ *(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) {
      fence = marker;
      return '';
    }
    if (fence !== undefined) {
      if (marker?.[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return '';
    }
    return line;
  });
}

/**
 * The anchor GitHub (and npm's page) gives a heading: its text without markup, lower case, every character but
 * letters, digits, `_`, `-` and spaces dropped, spaces turned into `-`.
 * @param {string} heading the heading's text, without its `#`s
 */
export function headingSlug(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * Every anchor of a Markdown text's headings; a repeated one gets `-1`, `-2`… as on GitHub.
 * @param {string} markdown
 * @returns {Set<string>}
 */
export function headingAnchors(markdown) {
  const anchors = new Set();
  /** @type {Map<string, number>} */
  const seen = new Map();
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * The links of a Markdown text: inline ones (`[text](target)`, images too) and reference definitions
 * (`[name]: target`), outside code blocks and code spans.
 * @param {string} markdown
 * @returns {MarkdownLink[]}
 */
export function markdownLinks(markdown) {
  return proseLines(markdown).flatMap((line, index) => {
    const prose = line.replace(/(`+)[^`]*?\1/g, '');
    const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => String(match[1]));
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose)?.[1];
    return [...inline, ...(definition ? [definition] : [])].map((target) => ({ target, line: index + 1 }));
  });
}

/**
 * The files of a package as `npm pack` packs it (its `files`, and what npm always adds: the manifest, the README,
 * a licence): paths relative to the package. The same list pnpm's publish packs.
 * @param {string} packageDir
 * @returns {Promise<string[]>}
 */
export async function packedFiles(packageDir) {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: packageDir,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout);
  return packed.files.map((/** @type {{ path: string }} */ file) => file.path);
}

/**
 * The web address of a package's repository, from its manifest's `repository` (`git+https://host/owner/name.git`).
 * @param {{ repository?: string | { url?: string } }} manifest
 * @returns {string | undefined} `https://host/owner/name`
 */
export function repositoryWebUrl(manifest) {
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return url?.replace(/^git\+/, '').replace(/\.git$/, '');
}

/**
 * The links of a package's README, and of the documents of the package it links to (its REFERENCE.md), that lead
 * nowhere once the package is installed: a relative path that is not among the packed files (a file of the
 * repository, another package's folder), or an anchor no heading of the file it points into has. Links with a scheme
 * are not followed, but for those into the package's own repository (`<repository>/blob/main/<path>`,
 * `/tree/main/<path>`): their path must be a file or folder of `repositoryRoot`.
 * @param {string} packageDir
 * @param {object} [options]
 * @param {string[]} [options.files] the packed files (default: `packedFiles(packageDir)`)
 * @param {string} [options.repositoryRoot] the checkout the repository's links are looked up in
 * @returns {Promise<BrokenLink[]>}
 */
export async function brokenReadmeLinks(packageDir, { files, repositoryRoot } = {}) {
  const packed = new Set(files ?? (await packedFiles(packageDir)));
  const repository = repositoryWebUrl(JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')));
  /** @type {BrokenLink[]} */
  const broken = [];
  // The README, then each document of the package it leads to (its reference), once each.
  const documents = ['README.md'];
  for (const document of documents) {
    const text = readFileSync(join(packageDir, document), 'utf8');
    const found = (/** @type {Omit<BrokenLink, 'file'>} */ link) =>
      broken.push(document === 'README.md' ? link : { ...link, file: document });
    for (const { target, line } of markdownLinks(text)) {
      if (ABSOLUTE_TARGET.test(target)) {
        const inRepository = repository && /^\/(?:blob|tree)\/main\/([^#?]+)/.exec(target.slice(repository.length));
        if (repositoryRoot && target.startsWith(`${repository}/`) && inRepository?.[1]) {
          const path = decodeURI(inRepository[1]);
          if (!existsSync(join(repositoryRoot, path)))
            found({ target, line, problem: `${path} is not in the repository` });
        }
        continue;
      }
      const hash = target.indexOf('#');
      const path = decodeURI(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const file = path === '' ? document : posix.normalize(path).replace(/^\.\//, '').replace(/\/$/, '');
      if (file.startsWith('../') || file === '..' || posix.isAbsolute(file)) {
        found({ target, line, problem: 'leaves the package: link to it by absolute URL' });
      } else if (!packed.has(file) && ![...packed].some((packedFile) => packedFile.startsWith(`${file}/`))) {
        found({ target, line, problem: `${file} is not in the package as packed` });
      } else if (file.endsWith('.md')) {
        if (!documents.includes(file)) documents.push(file);
        const linked = file === document ? text : readFileSync(join(packageDir, file), 'utf8');
        if (anchor !== undefined && !headingAnchors(linked).has(anchor))
          found({ target, line, problem: `${file} has no heading #${anchor}` });
      }
    }
  }
  return broken;
}

/**
 * The folders of the workspace's published packages (every package of `spec/` and `packages/*` not marked private),
 * relative to `root`.
 * @param {string} root the repository's root
 * @returns {string[]}
 */
export function publishedPackageDirs(root) {
  const candidates = ['spec', ...readdirSync(join(root, 'packages')).map((name) => `packages/${name}`)];
  return candidates.filter((dir) => {
    const manifest = join(root, dir, 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).private !== true;
  });
}
