/**
 * Readable explanations of a value that does not match its schema: one issue per place, and the value with
 * each issue marked on the line it concerns.
 */

import { escapeToken } from './json-pointer.js';

const MARK = '  ◀ ';
const MAX_BODY_LINES = 60;

/**
 * @typedef {object} SchemaIssue
 * @property {string} path where in the value, as a JSON pointer (`''` is the value itself, `/answers/0/answer`)
 * @property {string} keyword the JSON Schema keyword that failed (`required`, `type`, `format`, ...)
 * @property {string} message Ajv's wording (`must have required property 'answer'`)
 * @property {string | undefined} expected what the schema wanted, when it says (`uuid`, `boolean`, `answer`)
 */

/**
 * A schema issue of a body as a violation names it: the place (a missing property by itself, not by the object that
 * lacks it; a JSON pointer without its leading slash, `''` for the body itself), the rule, and a sentence that reads
 * whole (`body/questions/0 must have required property 'questionId'`). Requests and answers name them alike.
 * @param {SchemaIssue} issue
 * @returns {{ location: 'body', name: string, rule: string, message: string, expected: string | undefined }}
 */
export function bodyIssueViolation(issue) {
  const at = issue.keyword === 'required' ? `${issue.path}/${issue.expected}` : issue.path;
  return {
    location: 'body',
    name: at.slice(1),
    rule: issue.keyword,
    message: `body${issue.path} ${issue.message}`,
    expected: issue.expected,
  };
}

/**
 * What the failed keyword expected, in words.
 * @param {import('ajv').ErrorObject} error
 * @returns {string | undefined}
 */
function expectedOf(error) {
  const params = /** @type {Record<string, any>} */ (error.params);
  switch (error.keyword) {
    case 'type':
      return String(params.type);
    case 'format':
      return String(params.format);
    case 'required':
      return String(params.missingProperty);
    case 'enum':
      return JSON.stringify(params.allowedValues);
    case 'const':
      return JSON.stringify(params.allowedValue);
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minimum':
    case 'maximum':
      return String(params.limit);
    case 'pattern':
      return String(params.pattern);
    default:
      return undefined;
  }
}

/** A JSON type in words, with its article: what a reader says of a value (`a string`, `an object`, `null`). */
const TYPE_WORDS = /** @type {Record<string, string>} */ ({
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
});

/**
 * What one failed keyword of a branch wanted, in words (`a string`, `a uuid string`, `one of ["OPEN","CLOSED"]`).
 * @param {import('ajv').ErrorObject} error
 * @returns {string}
 */
function wantedInWords(error) {
  const params = /** @type {Record<string, any>} */ (error.params);
  switch (error.keyword) {
    case 'type':
      return String(params.type)
        .split(',')
        .map((type) => TYPE_WORDS[type] ?? type)
        .join(' or ');
    case 'format':
      return `a ${params.format} string`;
    case 'required':
      return `an object with ${params.missingProperty}`;
    case 'enum':
      return `one of ${JSON.stringify(params.allowedValues)}`;
    case 'const':
      return JSON.stringify(params.allowedValue);
    case 'minLength':
      return `at least ${params.limit} character(s)`;
    case 'maxLength':
      return `at most ${params.limit} character(s)`;
    case 'minItems':
      return `at least ${params.limit} item(s)`;
    case 'maxItems':
      return `at most ${params.limit} item(s)`;
    case 'minimum':
      return `at least ${params.limit}`;
    case 'maximum':
      return `at most ${params.limit}`;
    case 'pattern':
      return `a string matching ${params.pattern}`;
    case 'additionalProperties':
      return `no property ${params.additionalProperty}`;
    default:
      return error.message ?? error.keyword;
  }
}

/**
 * What an `anyOf` or `oneOf` wanted, in words: each branch's wants, the branches joined by "or" (`a string, or
 * null`; `an object with answer, or an object with documentId`); a want below the place itself names where
 * (`questions/0: an object with questionId`). A `oneOf` that more than one branch matched says so.
 * @param {import('ajv').ErrorObject} error the `anyOf` or `oneOf`
 * @param {ReadonlyArray<import('ajv').ErrorObject>} errors every error of the validation
 * @returns {string}
 */
function branchesExpected(error, errors) {
  const prefix = `${error.schemaPath}/`;
  /** @type {Map<string, string[]>} the wants of each branch, by its index */
  const branches = new Map();
  for (const e of errors) {
    if (e === error || !e.schemaPath.startsWith(prefix) || !e.instancePath.startsWith(error.instancePath)) continue;
    const branch = e.schemaPath.slice(prefix.length).split('/')[0] ?? '';
    const below = e.instancePath.slice(error.instancePath.length).slice(1);
    const wanted = `${below ? `${below}: ` : ''}${wantedInWords(e)}`;
    const wants = branches.get(branch) ?? [];
    if (!wants.includes(wanted)) wants.push(wanted);
    branches.set(branch, wants);
  }
  if (branches.size === 0) {
    const passing = /** @type {{ passingSchemas?: number[] | null }} */ (error.params).passingSchemas;
    return passing ? `exactly one of its schemas (it matched ${passing.join(' and ')})` : 'one of its schemas';
  }
  // A list of values says the type too: `one of ["A","B"]`, not `a string and one of ["A","B"]`.
  const said = (/** @type {string[]} */ wants) =>
    wants.some((want) => /^(one of \[|")/.test(want))
      ? wants.filter((want) => !Object.values(TYPE_WORDS).includes(want))
      : wants;
  return [...branches.values()].map((wants) => said(wants).join(' and ')).join(', or ');
}

/**
 * Ajv reports every failed branch of an `anyOf`/`oneOf`; a reader wants one issue per place, the branches'
 * complaints joined.
 * @param {ReadonlyArray<import('ajv').ErrorObject>} errors
 * @returns {SchemaIssue[]}
 */
export function summariseSchemaErrors(errors) {
  const branchParents = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  /** @param {import('ajv').ErrorObject} e */
  const isBranchDetail = (e) =>
    branchParents.some(
      (parent) =>
        parent !== e &&
        e.schemaPath.startsWith(`${parent.schemaPath}/`) &&
        e.instancePath.startsWith(parent.instancePath),
    );
  /** @type {SchemaIssue[]} */
  const issues = [];
  for (const error of errors) {
    if (isBranchDetail(error)) continue;
    let message = error.message ?? error.keyword;
    if (error.keyword === 'additionalProperties') message += ` ("${error.params.additionalProperty}")`;
    if (error.keyword === 'enum') message += ` ${JSON.stringify(error.params.allowedValues)}`;
    if (error.keyword === 'const') message += ` ${JSON.stringify(error.params.allowedValue)}`;
    let expected = expectedOf(error);
    if (branchParents.includes(error)) {
      const branches = errors.filter(
        (e) => e !== error && e.schemaPath.startsWith(`${error.schemaPath}/`) && e.instancePath === error.instancePath,
      );
      message += `: ${[...new Set(branches.map((b) => b.message))].join(' | ')}`;
      expected = branchesExpected(error, errors);
    }
    issues.push({ path: error.instancePath, keyword: error.keyword, message, expected });
  }
  return issues;
}

/**
 * The value as indented JSON with issues marked at the end of the lines they concern; long values are cut.
 * @param {unknown} body
 * @param {ReadonlyArray<{ path: string, message: string }>} issues instance paths as JSON pointers
 * @returns {string}
 */
export function markedBody(body, issues) {
  /** @type {Map<string, string[]>} */
  const notes = new Map();
  for (const { path, message } of issues) notes.set(path, [...(notes.get(path) ?? []), message]);
  /** @type {string[]} */
  const lines = [];
  /** @param {string} text @param {string} path */
  const emit = (text, path) => {
    const note = notes.get(path);
    lines.push(note ? `${text}${MARK}${note.join('; ')}` : text);
  };
  /**
   * @param {unknown} value @param {string} path @param {number} indent @param {string} prefix @param {string} suffix
   */
  const walk = (value, path, indent, prefix, suffix) => {
    const pad = '  '.repeat(indent);
    if (value && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
      const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
      if (entries.length === 0) {
        emit(`${pad}${prefix}${open}${close}${suffix}`, path);
        return;
      }
      emit(`${pad}${prefix}${open}`, path);
      for (const [index, [key, child]] of entries.entries()) {
        const childPrefix = Array.isArray(value) ? '' : `${JSON.stringify(key)}: `;
        walk(child, `${path}/${escapeToken(key)}`, indent + 1, childPrefix, index < entries.length - 1 ? ',' : '');
      }
      lines.push(`${pad}${close}${suffix}`);
    } else {
      emit(`${pad}${prefix}${JSON.stringify(value)}${suffix}`, path);
    }
  };
  walk(body, '', 0, '', '');
  if (lines.length <= MAX_BODY_LINES) return lines.join('\n');
  return [...lines.slice(0, MAX_BODY_LINES), `… ${lines.length - MAX_BODY_LINES} more lines`].join('\n');
}
