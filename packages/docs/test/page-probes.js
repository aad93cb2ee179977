// Measurements the browser tests take inside the page. Each function runs in the page (page.evaluate), so it uses
// nothing but its argument and the DOM.

/**
 * Text a reader cannot see whole: a line of a text node that ends past the screen's edge, or past the box of an
 * element that clips it (overflow hidden). Text inside a box that scrolls sideways is not cropped: it can be scrolled.
 * @param {string} rootSelector
 * @returns {{ checked: number, cropped: string[] }}
 */
export function croppedText(rootSelector) {
  const root = document.querySelector(rootSelector);
  if (!root) return { checked: 0, cropped: [`no ${rootSelector}`] };
  const width = document.documentElement.clientWidth;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let checked = 0;
  /** @type {string[]} */
  const cropped = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = /** @type {Text} */ (node);
    const element = text.parentElement;
    if (!text.data.trim() || !element?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    /** @type {{ left: number, right: number } | undefined} */
    let bounds = { left: 0, right: width };
    for (let box = /** @type {Element | null} */ (element); box && box !== document.body; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') {
        bounds = undefined;
        break;
      }
      if (overflow === 'hidden' || overflow === 'clip') {
        const rect = box.getBoundingClientRect();
        bounds = { left: Math.max(bounds.left, rect.left), right: Math.min(bounds.right, rect.right) };
      }
    }
    if (!bounds) continue;
    checked += 1;
    const range = document.createRange();
    range.selectNodeContents(text);
    const limits = bounds;
    const outside = [...range.getClientRects()].some(
      (rect) => rect.width > 0 && (rect.left < limits.left - 1 || rect.right > limits.right + 1),
    );
    if (outside) cropped.push(text.data.trim().slice(0, 60));
  }
  return { checked, cropped };
}

/**
 * Where each token appears visibly, and every appearance that breaks across lines.
 * @param {string[]} tokens
 * @returns {{ found: Record<string, number>, split: string[] }}
 */
export function splitTokens(tokens) {
  /** @type {Record<string, number>} */
  const found = Object.fromEntries(tokens.map((token) => [token, 0]));
  /** @type {string[]} */
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = /** @type {Text} */ (node);
    if (!text.parentElement?.checkVisibility({ visibilityProperty: true })) continue;
    for (const token of tokens) {
      for (let at = text.data.indexOf(token); at >= 0; at = text.data.indexOf(token, at + token.length)) {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + token.length);
        const lines = new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
        );
        if (lines.size === 0) continue;
        found[token] = (found[token] ?? 0) + 1;
        if (lines.size > 1) split.push(`${token} in "${text.data.trim().slice(0, 60)}"`);
      }
    }
  }
  return { found, split };
}

/**
 * Code blocks wider than their box: part of a line hidden, or behind a scrollbar.
 * @param {string} selector
 * @returns {{ checked: number, overflowing: string[] }}
 */
export function overflowingCodeBlocks(selector) {
  const blocks = [...document.querySelectorAll(selector)].filter((block) => block.checkVisibility());
  return {
    checked: blocks.length,
    overflowing: blocks
      .filter((block) => block.scrollWidth > block.clientWidth + 1)
      .map((block) => `${block.scrollWidth} > ${block.clientWidth}: ${block.textContent?.slice(0, 60)}`),
  };
}

/**
 * The server URLs each operation's path bar offers, by operationId (Redoc lists them in a drop-down).
 * @returns {Record<string, string[]>}
 */
export function serverUrlsByOperation() {
  /** @type {Record<string, string[]>} */
  const urls = {};
  for (const section of document.querySelectorAll('[data-section-id^="operation/"]')) {
    const id = section.getAttribute('data-section-id')?.slice('operation/'.length) ?? '';
    const listed = [...section.querySelectorAll('button + div [role="button"]')].map((item) => item.textContent ?? '');
    urls[id] = [...new Set([...(urls[id] ?? []), ...listed])];
  }
  return urls;
}

/**
 * The example values a parameter's "Examples:" list shows more than once, by parameter (Redoc lists each named
 * example of a parameter, and the spec names one per exchange).
 * @returns {{ checked: number, repeated: string[] }}
 */
export function repeatedExampleValues() {
  const lists = [...document.querySelectorAll('#redoc span')]
    .filter((label) => label.textContent?.trim() === 'Examples:' && label.nextElementSibling?.tagName === 'UL')
    .map((label) => /** @type {Element} */ (label.nextElementSibling));
  /** @type {string[]} */
  const repeated = [];
  for (const list of lists) {
    const values = [...list.children].map((item) => item.firstElementChild?.textContent ?? '');
    const twice = new Set(values.filter((value, index) => values.indexOf(value) !== index));
    const parameter = list.closest('tr')?.querySelector('td')?.textContent?.trim() ?? '?';
    if (twice.size > 0) repeated.push(`${parameter}: ${[...twice].join(', ')}`);
  }
  return { checked: lists.length, repeated };
}
