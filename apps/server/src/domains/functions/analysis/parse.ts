import type * as Acorn from 'acorn';
import { loadOnUse } from '../../../lib/load-on-use';

/** Loaded when a function is first checked (saved or tested), not at start-up. */
const acorn = loadOnUse<typeof Acorn>('acorn');

export const TOO_DEEP = 'The code is nested too deeply to check.';

export type ParseResult = { program: Acorn.Program; problem: null } | { program: null; problem: string };

export function parseModule(code: string): ParseResult {
  try {
    return { program: acorn().parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true }), problem: null };
  } catch (error) {
    return { program: null, problem: describeParseError(error) };
  }
}

function describeParseError(error: unknown): string {
  // Acorn turns running out of stack into a SyntaxError of its own; older versions let the RangeError through.
  if (isStackOverflow(error) || (error instanceof Error && /not enough stack space/i.test(error.message))) return TOO_DEEP;
  if (error instanceof SyntaxError) {
    const loc = (error as SyntaxError & { loc?: { line: number; column: number } }).loc;
    // Acorn appends "(line:column)" to its message; the prefix says the same thing in words.
    const message = error.message.replace(/\s*\(\d+:\d+\)$/, '');
    return loc ? `Line ${loc.line}, column ${loc.column + 1}: ${message}` : message;
  }
  return 'The code could not be read.';
}

export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError;
}
