import { multipartParts } from '@payments-connect/contract';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 */

/**
 * A file upload's example is a file beside the spec (`externalValue`, relative to the bundle): the serialized
 * multipart body. The page embeds the spec, so Redoc has no address to resolve that reference against (it stops
 * rendering), and a reader of the page has no file beside it. So the page's copy shows, in place of each such example,
 * the parts of the body: a file part as its file name and type, and where the file is in `@payments-connect/openapi`.
 * @param {Contract} contract the contract over the page's copy, created with the bundle's location
 * @returns {number} how many examples were replaced (an example shared by several operations counts once)
 */
export function inlineFileExamples(contract) {
  let replaced = 0;
  for (const operation of contract.operations) {
    for (const [mediaType, media] of Object.entries(operation.requestBody?.requestBody.content ?? {})) {
      if (!mediaType.startsWith('multipart/')) continue;
      for (const raw of Object.values(/** @type {any} */ (media).examples ?? {})) {
        // A reference without siblings resolves to the shared node itself: changing it changes every use.
        const example = contract.dereference(raw).node;
        const reference = example.externalValue;
        if (typeof reference !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(reference)) continue;
        const where = `${reference.replace(/^(\.\.\/)+/, '')} in @payments-connect/openapi`;
        const parts = multipartParts(contract.readExternalValue(example)).map(
          ({ name, fileName, contentType, text }) => [
            name,
            fileName === undefined ? text : `(the file ${fileName}, ${contentType ?? 'of no stated type'}: ${where})`,
          ],
        );
        delete example.externalValue;
        example.value = Object.fromEntries(parts);
        replaced += 1;
      }
    }
  }
  return replaced;
}
