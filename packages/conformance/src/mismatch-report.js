/**
 * Readable explanations of a body that does not match its schema: one line per problem, then the body
 * with each problem marked on the line it concerns.
 */

const MARK = '  ◀ ';
const MAX_BODY_LINES = 60;

/**
 * Ajv reports every failed branch of an `anyOf`/`oneOf`; a reader wants one line per place.
 * @param {import('ajv').ErrorObject[]} errors
 * @returns {{ path: string, message: string }[]}
 */
export function summariseSchemaErrors(errors) {
  const branchParents = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const isBranchDetail = (e) =>
    branchParents.some(
      (parent) =>
        parent !== e &&
        e.schemaPath.startsWith(`${parent.schemaPath}/`) &&
        e.instancePath.startsWith(parent.instancePath),
    );
  const lines = [];
  for (const error of errors) {
    if (isBranchDetail(error)) continue;
    let message = error.message ?? error.keyword;
    if (error.keyword === 'additionalProperties') message += ` ("${error.params.additionalProperty}")`;
    if (error.keyword === 'enum') message += ` ${JSON.stringify(error.params.allowedValues)}`;
    if (error.keyword === 'const') message += ` ${JSON.stringify(error.params.allowedValue)}`;
    if (branchParents.includes(error)) {
      const branches = errors.filter(
        (e) => e !== error && e.schemaPath.startsWith(`${error.schemaPath}/`) && e.instancePath === error.instancePath,
      );
      message += `: ${[...new Set(branches.map((b) => b.message))].join(' | ')}`;
    }
    lines.push({ path: error.instancePath, message });
  }
  return lines;
}

/**
 * The body as indented JSON with problems marked at the end of the lines they concern.
 * @param {unknown} body
 * @param {{ path: string, message: string }[]} problems instance paths as JSON pointers
 */
export function markedBody(body, problems) {
  const notes = new Map();
  for (const { path, message } of problems) notes.set(path, [...(notes.get(path) ?? []), message]);
  const lines = [];
  const emit = (text, path) => lines.push(notes.has(path) ? `${text}${MARK}${notes.get(path).join('; ')}` : text);

  const walk = (value, path, indent, prefix, suffix) => {
    const pad = '  '.repeat(indent);
    if (value && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
      const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
      if (entries.length === 0) return emit(`${pad}${prefix}${open}${close}${suffix}`, path);
      emit(`${pad}${prefix}${open}`, path);
      entries.forEach(([key, child], index) => {
        const childPrefix = Array.isArray(value) ? '' : `${JSON.stringify(key)}: `;
        const escaped = String(key).replace(/~/g, '~0').replace(/\//g, '~1');
        walk(child, `${path}/${escaped}`, indent + 1, childPrefix, index < entries.length - 1 ? ',' : '');
      });
      lines.push(`${pad}${close}${suffix}`);
    } else {
      emit(`${pad}${prefix}${JSON.stringify(value)}${suffix}`, path);
    }
  };
  walk(body, '', 0, '', '');
  if (lines.length <= MAX_BODY_LINES) return lines.join('\n');
  return [...lines.slice(0, MAX_BODY_LINES), `… ${lines.length - MAX_BODY_LINES} more lines`].join('\n');
}
