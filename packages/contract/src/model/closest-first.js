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
 * The one name a typo most likely meant, for a "did you mean": the closest, when it is a few edits away (a third of
 * the name's length, at least one) or the only name that starts with it; otherwise none, since a suggestion far from
 * what was typed misleads more than it helps (`--bogus` is not a misspelt `--host`).
 * @param {string} name what was typed
 * @param {Iterable<string>} names what exists
 * @returns {string | undefined}
 */
export function meantName(name, names) {
  const ranked = byCloseness(name, names);
  const [closest] = ranked;
  if (closest && closest.distance <= Math.max(1, Math.floor(name.length / 3))) return closest.candidate;
  const wanted = name.toLowerCase();
  const starting = ranked.filter(({ candidate }) => candidate.toLowerCase().startsWith(wanted));
  return wanted.length >= 3 && starting.length === 1 ? starting[0]?.candidate : undefined;
}

/**
 * The end of a message that refuses a name: the one meant, when a typo of it is what came ({@link meantName}: `did you
 * mean getRfiCase?`), else every name there is, the closest first (`it has getRfiCase, listRfiCases, …`), or that
 * there is none.
 * @param {string} name what was asked for
 * @param {Iterable<string>} names what exists
 * @returns {string}
 */
export function didYouMean(name, names) {
  const all = [...names];
  if (all.length === 0) return 'there is none';
  const meant = meantName(name, all);
  return meant === undefined ? `it has ${closestFirst(name, all).join(', ')}` : `did you mean ${meant}?`;
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
