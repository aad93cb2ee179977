/**
 * Names in the order of their closeness to a name that is not among them, so that a message that refuses a typo
 * (`getRfiCas`, `example=closedcase`, `code=490`) names the one that was meant first. Closeness is the edit distance
 * (optimal string alignment: an insertion, a deletion, a substitution or a swap of two neighbours costs one), case
 * ignored; names as close as each other keep their order.
 * @param {string} name what was asked for
 * @param {Iterable<string>} names what exists
 * @returns {string[]}
 */
export function closestFirst(name, names) {
  return byCloseness(name, names).map(({ candidate }) => candidate);
}

/**
 * The end of a message that refuses a name: the one meant, when one is close enough to be a typo of it (`did you
 * mean getRfiCase?`), else every name there is, the closest first (`it has getRfiCase, listRfiCases, …`), or that
 * there is none.
 * @param {string} name what was asked for
 * @param {Iterable<string>} names what exists
 * @returns {string}
 */
export function didYouMean(name, names) {
  const ranked = byCloseness(name, names);
  const [closest] = ranked;
  if (closest === undefined) return 'there is none';
  // A typo changes a few characters, however long the name: past that, the closest name is a guess, not a fix.
  if (closest.distance <= Math.max(2, Math.ceil(name.length / 4))) return `did you mean ${closest.candidate}?`;
  return `it has ${ranked.map(({ candidate }) => candidate).join(', ')}`;
}

/**
 * @param {string} name
 * @param {Iterable<string>} names
 */
function byCloseness(name, names) {
  const wanted = name.toLowerCase();
  return [...names]
    .map((candidate) => ({ candidate, distance: editDistance(wanted, candidate.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance);
}

/**
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
function editDistance(a, b) {
  // Three rows of the table are enough: the swap looks two back.
  let before = new Array(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, before[j - 2] + 1);
      current.push(distance);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length];
}
