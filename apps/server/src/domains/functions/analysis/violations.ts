import type { AnyNode } from 'acorn';
import { lineOf } from './module-index';

export interface Violation {
  /** Where in the source it was found; -1 for problems in the tool definition, which come first. */
  position: number;
  message: string;
}

export const MAX_VIOLATIONS = 10;

export function violationAt(node: AnyNode, sentence: string): Violation {
  return { position: node.start, message: `Line ${lineOf(node)}: ${sentence}` };
}

/** Source order, each sentence once, at most MAX_VIOLATIONS. */
export function finishViolations(found: Violation[]): string[] {
  const sorted = [...found].sort((a, b) => a.position - b.position);
  return [...new Set(sorted.map((violation) => violation.message))].slice(0, MAX_VIOLATIONS);
}
