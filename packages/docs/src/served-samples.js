// Pointing the code samples at the server that serves the page. This file runs in the reader's browser: html-page.js
// inlines it as a module script beside the console (so it imports nothing), and the tests import it in Node.

/**
 * @typedef {object} SampleServer what the samples say of the server they call, as the build wrote them
 * @property {string[]} urls the URLs they call (the sandbox's placeholder)
 * @property {string} placeholder the note that says the URL is a placeholder
 * @property {string} served the note that says the URL is the server that serves the page
 */

/**
 * Points the code samples of a page served by a server of the contract (a mock's or an emulator's `/_docs`) at that
 * server: its URL where the samples had the placeholder, and the note that says so in place of the placeholder's.
 * Copied from that page, a sample calls the server the reader is trying, as it is. Mutates the document before Redoc
 * renders it: every operation's `x-codeSamples`, and the samples of the overview.
 * @param {any} spec the page's copy of the document
 * @param {SampleServer} samples
 * @param {string} server the base URL of the server that serves the page, no trailing slash
 * @returns {number} how many samples now call that server
 */
export function pointSamplesAt(spec, samples, server) {
  /** @param {string} text */
  const pointed = (text) => {
    let result = text.replaceAll(samples.placeholder, samples.served);
    // A URL in a sample stands in quotes (single in TypeScript, double in the others' defaults); the same URL in
    // prose (the list of servers) is left as documented.
    for (const url of samples.urls) {
      result = result.replaceAll(`'${url}`, `'${server}`).replaceAll(`"${url}`, `"${server}`);
    }
    return result;
  };
  let count = 0;
  for (const pathItem of Object.values(spec.paths ?? {})) {
    for (const operation of Object.values(/** @type {Record<string, any>} */ (pathItem))) {
      for (const sample of operation?.['x-codeSamples'] ?? []) {
        const source = pointed(sample.source);
        if (source !== sample.source) count += 1;
        sample.source = source;
      }
    }
  }
  if (typeof spec.info?.description === 'string') spec.info.description = pointed(spec.info.description);
  return count;
}
