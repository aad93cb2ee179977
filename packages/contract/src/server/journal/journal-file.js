import { createWriteStream } from 'node:fs';

/**
 * The file a journal appends each entry to, one JSON line each, as it happens (a CI artifact): a write that fails
 * is said when the file is closed. Node's; a platform without a file system refuses one (`journal-file-web.js`).
 * @param {string} file
 */
export function appendedFile(file) {
  const stream = createWriteStream(file, { flags: 'a' });
  /** @type {Error | undefined} */
  let streamError;
  stream.on('error', (error) => {
    streamError = error;
  });
  return {
    /** @param {object} entry a journal's entry */
    append: (entry) => stream.write(`${JSON.stringify(entry)}\n`),
    async close() {
      await new Promise((resolve) => stream.end(resolve));
      if (streamError) throw new Error(`cannot write the journal ${file}: ${streamError.message}`);
    },
  };
}
