/**
 * What every input from a client is checked for before anything reads it (REST bodies, query
 * strings and path parameters; GraphQL documents and variables; WebSocket messages): strings
 * Postgres cannot store (NUL), strings that are not Unicode (lone surrogates, which would be
 * silently replaced), and values nested deeper than any of our shapes (a deep value would
 * overflow the stack of whatever walks it next).
 *
 * The walk is iterative, so no input can overflow it.
 */
export const MAX_INPUT_DEPTH = 32;

export const NUL_TEXT = 'Null characters are not allowed.';
export const SURROGATE_TEXT = 'Invalid Unicode: a lone surrogate is not allowed.';
export const DEPTH_TEXT = `Nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;

export interface InputProblem {
  /** Where in the value, as keys and indexes from its root (empty for the root itself). */
  path: (string | number)[];
  message: string;
}

function problemOf(text: string): string | null {
  if (text.includes('\u0000')) return NUL_TEXT;
  if (!text.isWellFormed()) return SURROGATE_TEXT;
  return null;
}

/** The first bad string (in a value or in a key) or too-deep value, or null when the input is sane. */
export function findInputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop() as (typeof stack)[number];
    if (typeof current === 'string') {
      const message = problemOf(current);
      if (message) return { path, message };
      continue;
    }
    // Only parsed data is walked: a raw upload's stream, a Buffer or a Date is not client text.
    if (!isPlainData(current)) continue;
    if (path.length >= maxDepth) return { path, message: DEPTH_TEXT };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      const message = problemOf(key);
      if (message) return { path: [...path, key], message };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A problem's place as Django REST framework names fields: `email`, `data.email`, `files.2.fileName`. */
export const fieldName = (path: (string | number)[], root = 'non_field_errors') => (path.length ? path.join('.') : root);
