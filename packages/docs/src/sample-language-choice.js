// The reader's sample language, remembered: choosing a sample tab (Python, say) chooses it on every operation of the
// page, and on the next visit too. This file runs in the reader's browser: html-page.js inlines it as a module script
// beside the console (so it imports nothing), and the tests import it in Node.

/** Where the choice is kept (localStorage), for the page opened from a file or from a server alike. */
export const SAMPLE_LANGUAGE_KEY = 'payments-connect.sample-language';

/**
 * The labels of the sample tabs: those of every operation's `x-codeSamples`.
 * @param {any} spec the page's copy of the document
 * @returns {Set<string>}
 */
export function sampleLabels(spec) {
  const labels = new Set();
  for (const pathItem of Object.values(spec.paths ?? {})) {
    for (const operation of Object.values(/** @type {Record<string, any>} */ (pathItem))) {
      for (const sample of operation?.['x-codeSamples'] ?? []) labels.add(sample.label);
    }
  }
  return labels;
}

/**
 * Keeps the reader's sample language: a tab of a sample language the reader chooses is stored and chosen on every
 * operation; the stored one is chosen as the page opens. Storage the browser refuses (a private window, a policy)
 * leaves the choice to the page's visit.
 * @param {Element} root the rendered reference
 * @param {Set<string>} labels the sample tabs' labels (`sampleLabels`)
 * @param {Pick<Storage, 'getItem' | 'setItem'> | undefined} storage `localStorage`, when the browser gives it
 * @returns {string | undefined} the language chosen as the page opened
 */
export function rememberSampleLanguage(root, labels, storage) {
  /** @param {string} label */
  const chooseEverywhere = (label) => {
    for (const tab of root.querySelectorAll('[role="tab"]')) {
      if (tab.textContent === label && tab.getAttribute('aria-selected') !== 'true') {
        /** @type {HTMLElement} */ (tab).click();
      }
    }
  };
  root.addEventListener('click', (event) => {
    // The clicks this module makes itself are not the reader's.
    if (!event.isTrusted || !(event.target instanceof Element)) return;
    const label = event.target.closest('[role="tab"]')?.textContent ?? '';
    if (!labels.has(label)) return;
    try {
      storage?.setItem(SAMPLE_LANGUAGE_KEY, label);
    } catch {
      // Refused: the choice holds for this visit.
    }
    chooseEverywhere(label);
  });
  let stored;
  try {
    stored = storage?.getItem(SAMPLE_LANGUAGE_KEY) ?? undefined;
  } catch {
    stored = undefined;
  }
  if (stored === undefined || !labels.has(stored)) return undefined;
  chooseEverywhere(stored);
  return stored;
}
