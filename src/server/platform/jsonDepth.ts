/**
 * How deep a JSON body may nest. The deepest body the storefront's client sends is 4 levels
 * (createCartOrder: the body, `cartItems`, an item, its `meta`); 32 leaves room for any client's
 * reshaping while every later walk over the body (the NUL check, zod, the log's serializers) stays
 * shallow. Without a bound, a body of a few thousand brackets — a few kilobytes — made each of those
 * walks recurse that deep, and the server answered 500 (docs/decisions.md "The API").
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP =
  `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of brackets ` + '([ ] or { }) are accepted.';

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }

/**
 * Whether JSON text opens more than `max` brackets at once, read in one pass with three values of
 * state (the depth, inside a string, after a backslash), before anything parses it. Brackets inside
 * strings do not count. Malformed text is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth -= 1;
  }
  return false;
}
