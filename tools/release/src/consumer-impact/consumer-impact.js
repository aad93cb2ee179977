import { createContract } from '@payments-connect/contract';
import { effectOf } from './change-effects.js';
import { scopeOfChange } from './change-scope.js';
import { indexComponentUsage } from './component-usage.js';
import { judgeExchange, readExchange } from './exchange-judgement.js';
import { explanationDepth, touchOf } from './place-touch.js';

/** @typedef {import('../spec-changes/comparison.js').SpecChange} SpecChange */
/** @typedef {import('./consumer-recordings.js').ConsumerRecording} ConsumerRecording */
/** @typedef {import('./consumer-recordings.js').RecordingProblem} RecordingProblem */
/** @typedef {import('./exchange-judgement.js').JudgedViolation} JudgedViolation */
/** @typedef {import('./exchange-judgement.js').ExchangeReading} ExchangeReading */
/** @typedef {import('./change-scope.js').ChangeScope} ChangeScope */

/**
 * One exchange of a consumer, as a report shows it.
 * @typedef {object} ExchangeExample
 * @property {string} file
 * @property {number} line
 * @property {string} method
 * @property {string} target
 * @property {number} status
 * @property {string} why how it is concerned (`sends query parameter limit: the new spec takes it away`)
 */

/**
 * How many exchanges of a consumer are concerned, and the first of them.
 * @typedef {{ consumer: string, exchanges: number, example: ExchangeExample }} ConsumerTally
 */

/**
 * Whom a breaking change concerns among the recorded consumers.
 * @typedef {object} ChangeImpact
 * @property {SpecChange} change
 * @property {string | undefined} hidden why no recording can show whom it concerns; undefined when one can
 * @property {ConsumerTally[]} breaks consumers with exchanges it breaks
 * @property {ConsumerTally[]} exercises the other consumers with exchanges that use what it changes: none shows a break
 */

/**
 * The breaking changes and the consumers they concern.
 * @typedef {object} ConsumerImpact
 * @property {string} dir where the recordings were read
 * @property {Array<{ name: string, file: string, exchanges: number }>} consumers each recording read
 * @property {RecordingProblem[]} problems lines that could not be read
 * @property {ChangeImpact[]} changes one per breaking change, in the order of the changes
 * @property {ConsumerTally[]} unexplained exchanges that break the new spec where no breaking change explains it
 * @property {ConsumerTally[]} outside exchanges that are no operation of the released spec, and so are not judged
 */

/**
 * Judges every recorded exchange by both versions of the spec with the contract model, and attributes each way it
 * breaks the new spec, and not the released one, to the breaking change that explains it: one whose place (the
 * operation, a parameter, the request body or a field of it, a status, a header, a field of the answer) is the
 * violation's place or encloses it, the deepest such place winning, and of those the one whose keyword the violation
 * names. An exchange that breaks nothing can still rely on what a change takes away (a parameter it sends that the
 * new spec removes, a field it received) or use what it changes: `change-effects.js` says which, rule by rule.
 * @param {{ before: any, after: any, changes: SpecChange[], dir: string, consumers: ConsumerRecording[],
 *   problems: RecordingProblem[] }} input the two bundled specs, their changes, and the recordings read
 * @returns {Promise<ConsumerImpact>}
 */
export async function assessConsumerImpact({ before, after, changes, dir, consumers, problems }) {
  const released = createContract(before);
  const current = createContract(after);
  const usage = indexComponentUsage(before, after);
  const breaking = changes
    .filter((change) => change.kind === 'breaking')
    .map((change) => ({ change, scope: scopeOfChange(change, { before, after, usage }) }));
  const tallies = breaking.map(() => ({
    /** @type {Map<string, ConsumerTally>} */ breaks: new Map(),
    /** @type {Map<string, ConsumerTally>} */ exercises: new Map(),
  }));
  /** @type {Map<string, ConsumerTally>} */
  const unexplained = new Map();
  /** @type {Map<string, ConsumerTally>} */
  const outside = new Map();

  for (const consumer of consumers) {
    for (const { line, exchange } of consumer.exchanges) {
      const example = (/** @type {string} */ why) => ({
        file: consumer.file,
        line,
        method: exchange.method,
        target: exchange.target,
        status: exchange.status,
        why,
      });
      const verdict = await exchangeVerdict(breaking, released, current, exchange);
      if (verdict.outside) count(outside, consumer.name, example(verdict.outside));
      if (verdict.unexplained) count(unexplained, consumer.name, example(verdict.unexplained));
      for (const [index, { effect, why }] of verdict.effects) {
        const tally = /** @type {(typeof tallies)[number]} */ (tallies[index]);
        count(tally[effect === 'breaks' ? 'breaks' : 'exercises'], consumer.name, example(why));
      }
    }
  }
  for (const { breaks, exercises } of tallies) for (const consumer of breaks.keys()) exercises.delete(consumer);
  return {
    dir,
    consumers: consumers.map(({ name, file, exchanges }) => ({ name, file, exchanges: exchanges.length })),
    problems,
    changes: breaking.map(({ change, scope }, index) => ({
      change,
      hidden: scope.visible ? undefined : scope.reason,
      breaks: [...(tallies[index]?.breaks.values() ?? [])],
      exercises: [...(tallies[index]?.exercises.values() ?? [])],
    })),
    unexplained: [...unexplained.values()],
    outside: [...outside.values()],
  };
}

/**
 * What the breaking changes do to one exchange: by index, whether it breaks or exercises it and why; or why it is
 * outside the released spec; and the breaks of the new spec no change explains, in words.
 * @param {Array<{ change: SpecChange, scope: ChangeScope }>} breaking
 * @param {import('@payments-connect/contract').Contract} released
 * @param {import('@payments-connect/contract').Contract} current
 * @param {import('./consumer-recordings.js').ObservedExchange} exchange
 * @returns {Promise<{ outside?: string, unexplained?: string,
 *   effects: Map<number, { effect: import('./change-effects.js').Effect, why: string }> }>}
 */
async function exchangeVerdict(breaking, released, current, exchange) {
  /** @type {Map<number, { effect: import('./change-effects.js').Effect, why: string }>} */
  const effects = new Map();
  const reading = readExchange(released, exchange);
  if (typeof reading === 'string') return { outside: reading, effects };
  const [old, now] = await Promise.all([
    judgeExchange(released, exchange, reading),
    judgeExchange(current, exchange, reading),
  ]);
  const kept = new Set(old.violations.map(violationKey));
  /** @type {JudgedViolation[]} */
  const unexplained = [];
  for (const violation of now.violations.filter((v) => !kept.has(violationKey(v)))) {
    const indexes = explainingChanges(breaking, violation, reading);
    if (indexes.length === 0) unexplained.push(violation);
    for (const index of indexes) {
      if (!effects.has(index))
        effects.set(index, { effect: 'breaks', why: `${violation.side} breaks the new spec: ${violation.message}` });
    }
  }
  for (const [index, { change, scope }] of breaking.entries()) {
    if (effects.has(index) || !scope.visible) continue;
    const effect = effectOf(change.rule, scope.places, (place) => touchOf(place, reading), reading);
    if (effect) effects.set(index, effect);
  }
  const words = unexplained.map((v) => v.message).join('; ');
  return { ...(words ? { unexplained: words } : {}), effects };
}

/** Keywords that validate nothing: a change of one cannot explain a violation. */
const ANNOTATIONS = new Set(['default', 'discriminator']);

/**
 * The breaking changes that explain a violation: of those with a place that is the violation's or encloses it, the
 * deepest; of those, the ones whose keyword the violation names, else those of the place's values as a whole (no
 * keyword: a type, an enum, a const), else any but a keyword that validates nothing.
 * @param {Array<{ change: SpecChange, scope: ChangeScope }>} breaking
 * @param {JudgedViolation} violation
 * @param {ExchangeReading} reading
 * @returns {number[]} their indexes
 */
function explainingChanges(breaking, violation, reading) {
  /** @type {Array<{ index: number, depth: number, keyword: string | undefined }>} */
  const candidates = [];
  for (const [index, { scope }] of breaking.entries()) {
    if (!scope.visible) continue;
    const depths = scope.places
      .map((place) => explanationDepth(place, violation, reading))
      .filter((depth) => depth !== undefined);
    if (depths.length > 0) candidates.push({ index, depth: Math.max(...depths), keyword: scope.keyword });
  }
  const deepest = Math.max(...candidates.map((c) => c.depth));
  const nearest = candidates.filter((c) => c.depth === deepest);
  const ranked = [
    nearest.filter((c) => c.keyword === violation.rule),
    nearest.filter((c) => c.keyword === undefined),
    nearest.filter((c) => !ANNOTATIONS.has(c.keyword ?? '')),
  ];
  return (ranked.find((list) => list.length > 0) ?? []).map((c) => c.index);
}

/** @param {JudgedViolation} violation */
function violationKey({ side, location, name, rule }) {
  return `${side}|${location}|${name}|${rule}`;
}

/**
 * Counts an exchange of a consumer, keeping the first as the example.
 * @param {Map<string, ConsumerTally>} tallies
 * @param {string} consumer
 * @param {ExchangeExample} example
 */
function count(tallies, consumer, example) {
  const tally = tallies.get(consumer);
  if (tally) tally.exchanges += 1;
  else tallies.set(consumer, { consumer, exchanges: 1, example });
}
