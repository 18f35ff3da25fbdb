import type { SandboxErrorCode } from './sandbox-types';

/** An error as the prelude's describeError reads it inside the VM (every field may be missing). */
export interface DescribedError {
  name?: string;
  message?: string;
  stack?: string;
  /** Set instead of the others when the thrown value is not error-like (`throw 'x'`). */
  thrown?: string;
}

const FUNCTION_LINE = /function\.mjs:(\d+)/;
/** The first frame of a compile error names no function: "    at function.mjs:3:9". */
const COMPILE_FRAME = /^\s*at function\.mjs:\d+(:\d+)?\s*$/;

/**
 * QuickJS's own resource errors (InternalError; the parser and JSON.parse report a stack overflow
 * as a SyntaxError). A function that catches one and throws its own error gets a runtime error.
 */
export function resourceCode(error: DescribedError): Extract<SandboxErrorCode, 'memory' | 'stack' | 'timeout'> | undefined {
  if (error.message === 'stack overflow' && (error.name === 'InternalError' || error.name === 'SyntaxError')) return 'stack';
  if (error.name !== 'InternalError') return undefined;
  if (error.message === 'out of memory' || error.message === 'string too long') return 'memory';
  if (error.message === 'interrupted') return 'timeout';
  return undefined;
}

export function isCompileError(error: DescribedError): boolean {
  return error.name === 'SyntaxError' && COMPILE_FRAME.test(error.stack?.split('\n')[0] ?? '');
}

/** "TypeError: x is not a function (line 3)", the line being the first frame in the function's own file. */
export function errorText(error: DescribedError): string {
  const head = [error.name, error.message].filter((part) => part !== undefined && part !== '').join(': ') || 'Error';
  const line = FUNCTION_LINE.exec(error.stack ?? '')?.[1];
  return line ? `${head} (line ${line})` : head;
}
