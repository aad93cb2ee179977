import { normalName } from './change-scope.js';

/** @typedef {import('./component-usage.js').ChangePlace} ChangePlace */
/** @typedef {import('./exchange-judgement.js').ExchangeReading} ExchangeReading */
/** @typedef {import('./exchange-judgement.js').JudgedViolation} JudgedViolation */

/**
 * How an exchange touches a place: it sends or receives what is there, it leaves it out (a parameter or field not
 * sent, a field absent from an object it received), or the recording does not say (a header it does not keep, a body
 * it cut).
 * @typedef {'present' | 'absent' | 'unknown'} Touch
 */

/**
 * How an exchange read against the released spec touches a place; undefined when it does not (another operation, status
 * or media type, no body, or nothing at that place nor beside it).
 * @param {ChangePlace} place
 * @param {ExchangeReading} reading
 * @returns {Touch | undefined}
 */
export function touchOf(place, reading) {
  if (place.operation !== reading.operationKey) return undefined;
  switch (place.part) {
    case 'operation':
    case 'security':
      return 'present';
    case 'parameter':
      return parameterTouch(place, reading);
    case 'request-body':
      return reading.request.state === 'none' ? 'absent' : reading.request.state === 'read' ? 'present' : 'unknown';
    case 'request-content':
      if (reading.request.state === 'none') return undefined;
      if (reading.request.state === 'unknown') return 'unknown';
      return place.mediaType === reading.requestMediaType
        ? valueTouch(reading.request.value, place.pointer)
        : undefined;
    case 'response':
      return place.status === reading.statusKey ? 'present' : undefined;
    case 'response-header': {
      if (place.status !== reading.statusKey) return undefined;
      const { values, known } = reading.answerHeaders;
      if (known !== 'all' && !known.includes(place.name ?? '')) return 'unknown';
      return place.name !== undefined && place.name in values ? 'present' : 'absent';
    }
    case 'response-content':
      if (place.status !== reading.statusKey || reading.answer.state === 'none') return undefined;
      if (reading.answer.state === 'unknown') return 'unknown';
      return place.mediaType === reading.answerMediaType ? valueTouch(reading.answer.value, place.pointer) : undefined;
  }
}

/**
 * How close a place is to a violation of the new spec by an exchange: undefined when the place cannot explain it, else
 * the depth of the place in the body (0 for a place that is no place in a body). Of the places that can explain a
 * violation, the deepest does: a field changed explains a violation at that field better than its object changed.
 * @param {ChangePlace} place
 * @param {JudgedViolation} violation
 * @param {ExchangeReading} reading
 * @returns {number | undefined}
 */
export function explanationDepth(place, violation, reading) {
  if (place.operation !== reading.operationKey) return undefined;
  const { side, location, name, rule } = violation;
  const is = (/** @type {boolean} */ condition) => (condition ? 0 : undefined);
  if (side === 'request') {
    if (location === 'path' && (rule === 'not-found' || rule === 'method')) return is(place.part === 'operation');
    if (location === 'security') return is(place.part === 'security');
    if (location === 'header' && name.toLowerCase() === 'content-type') {
      // A media type refused: one the new spec no longer accepts, or a body it no longer takes.
      const mediaType = place.part === 'request-content' && place.mediaType === reading.requestMediaType;
      return is(place.part === 'request-body' || (mediaType && place.pointer?.length === 0));
    }
    if (location !== 'body')
      return is(place.part === 'parameter' && place.in === location && place.name === normalName(location, name));
    if (name === '' && rule === 'required') return is(place.part === 'request-body');
    if (place.part !== 'request-content' || place.mediaType !== reading.requestMediaType) return undefined;
    return coveringDepth(place.pointer ?? [], name);
  }
  if (location === 'status') return is(place.part === 'response' && place.status === reading.statusKey);
  if (place.status !== reading.statusKey) return undefined;
  if (location === 'header' && name.toLowerCase() === 'content-type')
    return is(place.part === 'response-content' && place.pointer?.length === 0);
  if (location === 'header') return is(place.part === 'response-header' && place.name === name.toLowerCase());
  if (place.part !== 'response-content' || place.mediaType !== reading.answerMediaType) return undefined;
  return coveringDepth(place.pointer ?? [], name);
}

/**
 * The depth of a place in a body when it is the violation's place or encloses it, else undefined.
 * @param {string[]} pattern the place's segments, `*` for any
 * @param {string} name the violation's place: a JSON pointer without its leading slash (`answers/0/answer`)
 */
function coveringDepth(pattern, name) {
  const segments = name === '' ? [] : name.split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (pattern.length > segments.length) return undefined;
  return pattern.every((part, i) => part === '*' || part === segments[i]) ? pattern.length : undefined;
}

/**
 * @param {ChangePlace} place
 * @param {ExchangeReading} reading
 * @returns {Touch}
 */
function parameterTouch(place, reading) {
  const name = place.name ?? '';
  if (place.in === 'path') return 'present';
  if (place.in === 'query') {
    // A deepObject parameter is sent as `filter[status]=OPEN`.
    const sent = reading.query.has(name) || [...reading.query.keys()].some((key) => key.startsWith(`${name}[`));
    return sent ? 'present' : 'absent';
  }
  if (place.in === 'header') {
    const { values, known } = reading.requestHeaders;
    if (known !== 'all' && !known.includes(name)) return 'unknown';
    return name in values ? 'present' : 'absent';
  }
  return 'unknown'; // cookies: no recording keeps them
}

/**
 * Whether a body holds a value at a place (`present`), or holds the object the place is a property of without it
 * (`absent`).
 * @param {unknown} value
 * @param {string[] | undefined} pointer
 * @returns {Touch | undefined}
 */
function valueTouch(value, pointer = []) {
  if (valuesAt(value, pointer).length > 0) return 'present';
  const last = pointer.at(-1);
  if (last === undefined || last === '*') return undefined;
  const parents = valuesAt(value, pointer.slice(0, -1));
  return parents.some((parent) => parent && typeof parent === 'object' && !Array.isArray(parent))
    ? 'absent'
    : undefined;
}

/**
 * The values at a place of a body, `*` matching any index or key.
 * @param {unknown} value
 * @param {string[]} pointer
 * @returns {unknown[]}
 */
function valuesAt(value, pointer) {
  let found = [value];
  for (const segment of pointer) {
    found = found.flatMap((node) => {
      if (!node || typeof node !== 'object') return [];
      if (segment === '*') return Object.values(node);
      return Object.hasOwn(node, segment) ? [/** @type {Record<string, unknown>} */ (node)[segment]] : [];
    });
  }
  return found;
}
