/**
 * A journal's file where there is no file system to write one (a browser, `journal-file.js` being Node's): refused
 * when the journal is made, saying what to do instead.
 * @param {string} file
 * @returns {{ append: (entry: object) => void, close: () => Promise<void> }}
 * @throws {TypeError} always
 */
export function appendedFile(file) {
  throw new TypeError(
    `a journal file (${file}) is written with Node's file system: here, read the journal's entries()`,
  );
}
