/** Deeper JSON than this is refused before it is parsed: no body of the contract nests more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * How deep a JSON text nests, counted without parsing it (brackets outside strings).
 * @param {string} text
 */
export function jsonDepth(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92)
        i += 1; // backslash: skip the escaped character
      else if (char === 34) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 || char === 91) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 125 || char === 93) depth -= 1;
  }
  return deepest;
}
