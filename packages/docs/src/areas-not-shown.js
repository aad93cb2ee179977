/**
 * @typedef {object} AreaNotShown an area of the service whose operations interface v1.0 does not show
 * @property {string} name the tag's name (`Wallets`)
 * @property {string} description the tag's description, which says what is not shown
 */

/**
 * Takes the areas without operations out of the menu: the spec keeps a tag for every area of the service (section 1
 * of the interface), and Redoc gave each a menu entry that led to a heading and "Operations not shown in v1.0", ten of
 * them among the areas a reader can call. The overview lists them instead, in one section ({@link AreaNotShown}).
 * Mutates the contract's document; the published bundle keeps its tags.
 * @param {import('@payments-connect/contract').Contract} contract The contract of a copy of the bundled document.
 * @returns {AreaNotShown[]} The areas taken out, in the spec's order.
 */
export function takeOutAreasNotShown(contract) {
  const { document } = contract;
  /** @type {Array<{ name: string, description?: string }>} */
  const tags = document.tags ?? [];
  const used = new Set(
    [...contract.operations, ...contract.webhooks].flatMap(
      ({ operation }) => /** @type {string[]} */ (operation.tags ?? []),
    ),
  );
  const notShown = tags.filter(({ name }) => !used.has(name));
  if (notShown.length === 0) return [];
  document.tags = tags.filter(({ name }) => used.has(name));
  return notShown.map(({ name, description = '' }) => ({ name, description: description.trim() }));
}
