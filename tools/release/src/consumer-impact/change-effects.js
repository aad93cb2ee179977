/** @typedef {import('./component-usage.js').ChangePlace} ChangePlace */
/** @typedef {import('./place-touch.js').Touch} Touch */
/** @typedef {import('./exchange-judgement.js').ExchangeReading} ExchangeReading */
/** @typedef {import('../spec-changes/change-rules.js').ChangeRule} ChangeRule */

/**
 * What a change does to an exchange that touches its place. `breaks`: the exchange relies on what the change takes
 * away (an operation it calls, a parameter or field it sends or leaves out, a status, header or field it received).
 * `exercises`: it uses what the change changes, but does not show a break: the values it recorded still fit, or the
 * recording does not keep what would tell (headers, credentials), or the break is in code (generated type names).
 * A violation of the new spec by the exchange, which the change explains, breaks it whatever this table says.
 * @typedef {'breaks' | 'exercises'} Effect
 */

/**
 * @typedef {object} RuleEffect
 * @property {Effect} [present] the exchange sends or receives what is at the place
 * @property {Effect} [absent] it leaves it out
 * @property {Effect} [unknown] the recording does not say
 * @property {string} [note] why, after what the exchange does
 */

/** Values recorded that the new spec still takes say nothing of the values it no longer takes. */
/** @type {RuleEffect} */
const STILL_FIT = { present: 'exercises', unknown: 'exercises', note: 'the values recorded still fit the new spec' };
/** A response that may now hold more than the consumer has received. */
/** @type {RuleEffect} */
const MAY_HOLD_MORE = {
  present: 'exercises',
  unknown: 'exercises',
  note: 'the values recorded still fit, and the new spec allows others',
};
/** @type {RuleEffect} */
const REMOVED = { present: 'breaks', unknown: 'exercises', note: 'the new spec takes it away' };
/** @type {RuleEffect} */
const NOW_REQUIRED = { absent: 'breaks', unknown: 'exercises', note: 'the new spec requires it' };
/** @type {RuleEffect} */
const NOW_OPTIONAL = { present: 'exercises', unknown: 'exercises', note: 'the new spec lets it be absent' };
/** @type {RuleEffect} */
const CREDENTIALS = {
  present: 'exercises',
  note: 'recordings keep no credentials, so whether its own still pass cannot be told',
};

/**
 * The effect of each breaking rule on an exchange, by how the exchange touches the change's place. A rule not listed
 * exercises whatever touches it.
 * @type {Partial<Record<ChangeRule, RuleEffect>>}
 */
const RULE_EFFECTS = {
  'operation-removed': { present: 'breaks', note: 'the new spec has no such operation' },
  'operation-id-changed': {
    present: 'exercises',
    note: 'the wire is the same, but code that names its operationId in the generated types stops compiling',
  },
  'path-parameter-renamed': {
    present: 'exercises',
    note: 'the wire is the same, but calls written with the old path template stop compiling',
  },
  'security-changed': CREDENTIALS,
  'security-scheme-removed': CREDENTIALS,
  'security-scheme-changed': CREDENTIALS,
  unclassified: {
    present: 'exercises',
    absent: 'exercises',
    unknown: 'exercises',
    note: 'no rule says what the change does',
  },
  'required-parameter-added': NOW_REQUIRED,
  'parameter-now-required': NOW_REQUIRED,
  'parameter-removed': REMOVED,
  'parameter-serialization-changed': {
    present: 'exercises',
    unknown: 'exercises',
    note: 'the new spec writes it differently on the wire',
  },
  'request-values-narrowed': STILL_FIT,
  'request-constraint-tightened': STILL_FIT,
  'request-alternative-removed': STILL_FIT,
  'request-extra-properties-rejected': { ...STILL_FIT, note: 'it holds no property the new spec does not name' },
  'request-default-changed': {
    absent: 'breaks',
    unknown: 'exercises',
    note: 'the default applies to it, and the new spec changes it',
  },
  'required-request-body-added': NOW_REQUIRED,
  'request-body-now-required': NOW_REQUIRED,
  'request-body-removed': REMOVED,
  'media-type-removed': REMOVED,
  'required-request-field-added': NOW_REQUIRED,
  'request-field-now-required': NOW_REQUIRED,
  'request-property-now-read-only': { present: 'breaks', unknown: 'exercises', note: 'the API now ignores it' },
  'property-removed': REMOVED,
  'response-status-removed': REMOVED,
  'success-status-added': { present: 'exercises', note: 'a success status it has never received may come' },
  'response-header-removed': REMOVED,
  'response-header-now-optional': NOW_OPTIONAL,
  'response-field-now-optional': NOW_OPTIONAL,
  'response-property-now-write-only': { present: 'breaks', unknown: 'exercises', note: 'responses no longer hold it' },
  'response-values-widened': MAY_HOLD_MORE,
  'response-constraint-loosened': MAY_HOLD_MORE,
  'response-alternative-added': MAY_HOLD_MORE,
};

/** What touches a place of a rule not listed. */
const ANY_TOUCH = { present: 'exercises', absent: 'exercises', unknown: 'exercises' };

/**
 * What a change does to an exchange, from how the exchange touches its places: the strongest effect of any place, and
 * the words for it (`sends query parameter limit: the new spec takes it away`).
 * @param {ChangeRule} rule
 * @param {ChangePlace[]} places
 * @param {(place: ChangePlace) => Touch | undefined} touch
 * @param {ExchangeReading} reading
 * @returns {{ effect: Effect, why: string } | undefined}
 */
export function effectOf(rule, places, touch, reading) {
  const effects = /** @type {RuleEffect} */ (RULE_EFFECTS[rule] ?? ANY_TOUCH);
  /** @type {{ effect: Effect, why: string } | undefined} */
  let strongest;
  for (const place of places) {
    const how = touch(place);
    const effect = how && effects[how];
    if (!how || !effect || strongest?.effect === 'breaks' || strongest?.effect === effect) continue;
    const what = describeTouch(place, how, reading);
    strongest = { effect, why: effects.note ? `${what}: ${effects.note}` : what };
  }
  return strongest;
}

/**
 * What an exchange does at a place, in words: `calls GET /items`, `does not send query parameter limit`, `receives
 * answer field name`, `may send header x-request-id (the recording does not keep it)`.
 * @param {ChangePlace} place
 * @param {Touch} touch
 * @param {ExchangeReading} reading
 */
function describeTouch(place, touch, reading) {
  const field = (/** @type {string} */ side) =>
    place.pointer?.length ? `${side} field ${place.pointer.join('/')}` : `a ${place.mediaType} ${side} body`;
  /** @type {Record<ChangePlace['part'], [verb: string, what: string]>} */
  const words = {
    operation: ['calls', `${reading.operation.method} ${reading.operation.path}`],
    security: ['calls', `${reading.operation.method} ${reading.operation.path}`],
    parameter: ['send', `${place.in} parameter ${place.name}`],
    'request-body': ['send', 'a request body'],
    'request-content': ['send', field('request')],
    response: ['receive', `status ${place.status}`],
    'response-header': ['receive', `answer header ${place.name}`],
    'response-content': ['receive', field('answer')],
  };
  const [verb, what] = words[place.part];
  if (verb === 'calls') return `${verb} ${what}`;
  if (touch === 'present') return `${verb}s ${what}`;
  if (touch === 'absent') return verb === 'send' ? `does not send ${what}` : `receives no ${what}`;
  return `may ${verb} ${what} (the recording does not keep it)`;
}
