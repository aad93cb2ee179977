import { LOCAL_HOSTS } from './try-it-request.js';

/** System font stacks: the page uses the reader's own fonts and never fetches a web font. */
export const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const MONOSPACE_FONTS = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

/** Where the page may send requests: the "Try it" console's local servers, on any port, and nothing else. */
export const LOCAL_ORIGINS = LOCAL_HOSTS.map((host) => `http://${host}:*`);

/**
 * The server that serves the page (a mock's or an emulator's `/_docs`) may be called too, whatever its host: a page
 * served from a container by its name calls that container. Opened from a file, the page has no such origin.
 */
export const CONNECT_SOURCES = ["'self'", ...LOCAL_ORIGINS];

/**
 * The page may load nothing from anywhere: scripts and styles are inline, images are data: URIs,
 * and Redoc's search worker and the download are blob: URLs. The one exception is the console, which may
 * call a server on this machine, or the one that serves the page. Should a future bundle try to reach a host, the
 * browser refuses and reports a violation (the browser test listens for them).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'worker-src blob:',
  `connect-src ${CONNECT_SOURCES.join(' ')}`,
  "font-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** What a reader without JavaScript sees instead of the reference. */
const NO_SCRIPT_NOTICE = 'This reference needs JavaScript to render: it runs inline, with no network access.';

/** Redoc's layout switches to one column, the menu behind a button, below this width (its theme's `small`). */
const SMALL_SCREEN = '50rem';

/** The bar at the top of the page: its height is the scroll offset Redoc keeps clear under it. */
const BAR_HEIGHT = '48px';

/** Redoc options (https://redocly.com/docs/redoc/config): system fonts, nothing that phones home. */
export const REDOC_OPTIONS = {
  expandResponses: '200',
  jsonSampleExpandLevel: 3,
  pathInMiddlePanel: true,
  hideHostname: false,
  // Headings land below the page's bar, not under it.
  scrollYOffset: '.pc-bar',
  theme: {
    breakpoints: { small: SMALL_SCREEN },
    // The samples are the point of the right panel: give them more room than the default 40%.
    rightPanel: { width: '45%' },
    typography: {
      fontFamily: SYSTEM_FONTS,
      headings: { fontFamily: SYSTEM_FONTS },
      // Inline code on a light chip in both panels: Redoc's red on its grey, or on the dark panel, is below WCAG AA
      // contrast (axe).
      code: { fontFamily: MONOSPACE_FONTS, color: '#b3261e', backgroundColor: '#f4f5f5' },
    },
  },
};

/**
 * The page's own styles. Redoc's are generated class names; these reach its elements through the few stable class
 * names it sets (`menu-content`, `api-content`) and element types.
 */
const PAGE_STYLE = `
body { margin: 0; padding: ${BAR_HEIGHT} 0 0; font-family: ${SYSTEM_FONTS}; }
.pc-bar { position: fixed; top: 0; left: 0; right: 0; z-index: 30; height: ${BAR_HEIGHT}; box-sizing: border-box;
  display: flex; align-items: center; gap: 8px; padding: 0 12px; background: #263238; color: #fff; }
.pc-bar-title { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font-weight: 600; }
.pc-bar button { font: inherit; min-height: 36px; padding: 0 14px; border: 1px solid #fff; border-radius: 4px;
  background: transparent; color: #fff; cursor: pointer; }
.pc-bar button:focus-visible { outline: 3px solid #ffd54f; outline-offset: 1px; }
#pc-menu { display: none; }
/* Redoc sizes menu labels for a verb ("DELETE"); a flag badge ("Designed here") needs its own width. */
.menu-content .operation-type.badge { width: auto; padding: 0 4px; white-space: nowrap; }
/* Code wraps instead of hiding the end of its lines behind a scrollbar the reader may never see: the samples, and the
   JSON examples Redoc draws as a tree (.redoc-json), whose strings (UUIDs) ran past the panel at 1440 px. */
#redoc pre, #redoc pre code, #redoc .redoc-json, #redoc .redoc-json code { white-space: pre-wrap;
  overflow-wrap: anywhere; }
/* An identifier (RFI_ITEM_ALREADY_APPROVED) breaks only when it cannot fit a line of its own; in a table its
   column grows to hold it instead (Redoc's tables scroll sideways when they must). */
#redoc code { word-break: normal; overflow-wrap: break-word; }
/* Below WCAG AA contrast in Redoc's colours (axe): section labels ("PATH PARAMETERS") in grey on white, and the
   error statuses of the response sample tabs in red on the dark panel. */
#redoc h5 { color: #5c6266; }
#redoc .tab-error:not(.react-tabs__tab--selected) { color: #ff8a80; }
/* A link inside a sentence is told from the text by more than its colour. */
#redoc p a { text-decoration: underline; }
/* A path and an example's name wrap on a narrow screen rather than end in an ellipsis or past the edge. */
#redoc .http-verb + span { white-space: normal; overflow-wrap: anywhere; text-overflow: clip; }
#redoc .dropdown-select ~ label { max-width: 100%; white-space: normal; }
@media (max-width: ${SMALL_SCREEN}) {
  /* The menu button sits in the bar, above the text, instead of floating over it. */
  #pc-menu { display: inline-block; }
  .redoc-wrap > .menu-content + div { display: none !important; }
  /* The contact and licence line, pulled 15px left to hide its first separator, would crop a wrapped URL:
     one item a line instead. */
  #redoc .api-info div:has(> span > a) { margin-left: 0; flex-direction: column; }
  #redoc .api-info div:has(> span > a) > span::before { content: none; }
}
.pc-try-it { width: min(760px, calc(100vw - 16px)); max-height: calc(100vh - 16px); box-sizing: border-box;
  padding: 0; border: 1px solid #78909c; border-radius: 6px; font-family: ${SYSTEM_FONTS}; color: #1b1b1b; }
.pc-try-it::backdrop { background: rgb(0 0 0 / 40%); }
.pc-try-it form { display: grid; gap: 12px; padding: 16px; }
.pc-try-it-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.pc-try-it h2, .pc-try-it h3, .pc-try-it p { margin: 0; }
.pc-try-it fieldset { display: grid; gap: 8px; margin: 0; border: 1px solid #cfd8dc; border-radius: 4px; }
.pc-try-it label { display: grid; gap: 2px; font-weight: 600; }
.pc-try-it [hidden] { display: none; }
.pc-try-it input, .pc-try-it select, .pc-try-it textarea { font: inherit; font-weight: normal; width: 100%;
  box-sizing: border-box; padding: 6px; }
.pc-try-it input[type='file'] { padding: 0; }
.pc-try-it textarea, .pc-try-it pre { font-family: ${MONOSPACE_FONTS}; font-size: 14px; }
.pc-try-it button { font: inherit; padding: 6px 14px; cursor: pointer; justify-self: start; }
.pc-try-it-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.pc-try-it output { display: grid; gap: 8px; }
.pc-try-it output p { white-space: pre-wrap; overflow-wrap: anywhere; font-weight: 600; }
.pc-try-it pre { margin: 0; padding: 8px; max-height: 40vh; overflow: auto; white-space: pre-wrap;
  overflow-wrap: anywhere; background: #f5f7f8; }
.pc-try-it pre:empty { display: none; }
.pc-try-it-secret { display: flex; align-items: end; gap: 8px; }
.pc-try-it-secret label { flex: 1; }
.pc-try-it-headers { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0;
  font-family: ${MONOSPACE_FONTS}; font-size: 14px; }
.pc-try-it-headers:empty { display: none; }
.pc-try-it-headers dt { font-weight: 600; }
.pc-try-it-headers dd { margin: 0; overflow-wrap: anywhere; }
`;

/**
 * Starts Redoc, then the page's own parts: the bar's menu button (on small screens it stands in for Redoc's
 * floating one, which covered the text), the published bundle behind "Download", and the console.
 */
const INIT_SCRIPT = `
const json = (id) => JSON.parse(document.getElementById(id).textContent);
const spec = json('openapi');
const tryItModel = json('try-it-model');
// Served by a server of the contract, the samples call that server.
const servedBy = servingServer(location, tryItModel.docsPath);
if (servedBy) pointSamplesAt(spec, json('sample-server'), servedBy);
const published = json('published-bundle');
const bytes = Uint8Array.from(atob(published.base64), (c) => c.charCodeAt(0));
const options = json('redoc-options');
options.downloadDefinitionUrl = URL.createObjectURL(new Blob([bytes], { type: published.mediaType }));
options.downloadFileName = published.fileName;
Redoc.init(spec, options, document.getElementById('redoc'), () => {
  const menuButton = document.getElementById('pc-menu');
  const floating = document.querySelector('.redoc-wrap > .menu-content + div');
  const menu = document.querySelector('.redoc-wrap > .menu-content');
  const showState = () => menuButton.setAttribute('aria-expanded', String(getComputedStyle(menu).display !== 'none'));
  menuButton.addEventListener('click', () => { floating.click(); setTimeout(showState); });
  menu.addEventListener('click', () => setTimeout(showState));
  // Redoc's example pickers have no label of their own, and a table that scrolls sideways on a small screen must
  // take the keyboard's focus to be scrolled without a pointer. A picker is drawn again each time its sample tab
  // is chosen again: label those too.
  const labelPickers = () => {
    for (const select of document.querySelectorAll('select.dropdown-select:not([aria-label])')) {
      select.setAttribute('aria-label', 'Example');
    }
  };
  labelPickers();
  new MutationObserver(labelPickers).observe(document.getElementById('redoc'), { childList: true, subtree: true });
  for (const table of document.querySelectorAll('#redoc .redoc-markdown table')) table.tabIndex = 0;
  let storage;
  try {
    storage = window.localStorage;
  } catch {
    // A browser that refuses storage to the page: the choice of language holds for the visit.
  }
  rememberSampleLanguage(document.getElementById('redoc'), sampleLabels(spec), storage);
  document.documentElement.dataset.rendered = 'true';
});
startTryItConsole({ dialog: document.getElementById('try-it'), model: tryItModel });
`;

/**
 * @typedef {object} PageParts
 * @property {{ info: { title: string, version: string } }} spec The decorated OpenAPI document.
 * @property {string} redocSource Redoc's standalone bundle, prepared by loadRedocBundle().
 * @property {string} redocVersion Recorded in the page for whoever debugs it later.
 * @property {string} consoleSource The "Try it" console's modules (try-it-request.js, try-it-form.js,
 *   try-it-console.js), inlined as one.
 * @property {string} servedSamplesSource The module that points the samples at the serving server
 *   (served-samples.js), run as is.
 * @property {string} languageChoiceSource The module that remembers the reader's sample language
 *   (sample-language-choice.js), run as is.
 * @property {unknown} tryItModel What the console offers (tryItModel()).
 * @property {import('./served-samples.js').SampleServer} sampleServer What the samples say of the server they call.
 * @property {{ fileName: string, mediaType: string, base64: string }} published The bundle "Download" gives.
 */

/**
 * One self-contained HTML page: the spec, Redoc and the console inline, rendered at load time.
 * @param {PageParts} parts
 * @returns {string}
 */
export function renderHtmlPage(parts) {
  const { spec, redocSource, redocVersion, consoleSource, servedSamplesSource, languageChoiceSource } = parts;
  const { tryItModel, sampleServer, published } = parts;
  const title = `${spec.info.title} ${spec.info.version}`;
  const modules = {
    console: consoleSource,
    'served samples': servedSamplesSource,
    'sample language choice': languageChoiceSource,
  };
  for (const [name, source] of Object.entries(modules)) {
    if (/<(\/?script|!--)/i.test(source)) throw new Error(`The ${name} source would end its <script> element`);
  }
  const { fileName, mediaType, base64 } = published;
  return `<!doctype html>
<!-- Generated by @payments-connect/docs from the bundled spec with redoc ${escapeHtml(redocVersion)}. Do not edit. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="generator" content="redoc ${escapeHtml(redocVersion)}">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<header class="pc-bar">
<span class="pc-bar-title">${escapeHtml(title)}</span>
<button type="button" id="pc-menu" aria-expanded="false">Menu</button>
<button type="button" data-try-it-open aria-haspopup="dialog">Try it</button>
</header>
<main id="redoc"><noscript>${NO_SCRIPT_NOTICE}</noscript></main>
<dialog id="try-it" class="pc-try-it"></dialog>
<script id="openapi" type="application/json">${inlineJson(spec)}</script>
<script id="redoc-options" type="application/json">${inlineJson(REDOC_OPTIONS)}</script>
<script id="try-it-model" type="application/json">${inlineJson(tryItModel)}</script>
<script id="sample-server" type="application/json">${inlineJson(sampleServer)}</script>
<script id="published-bundle" type="application/json">${inlineJson({ fileName, mediaType, base64 })}</script>
<script>${redocSource}</script>
<script type="module">${Object.values(modules).join('')}${INIT_SCRIPT}</script>
</body>
</html>
`;
}

/**
 * JSON in a <script> element: escaping `<` keeps "</script>" and "<!--" inside strings from ending
 * or altering the element; \u003c is the same character to JSON.parse.
 * @param {unknown} value
 */
function inlineJson(value) {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** @param {unknown} text */
function escapeHtml(text) {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
