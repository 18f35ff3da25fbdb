import { AppError } from '../lib/app-error';

/**
 * How big a filter may be (list filters, conditions of updates and deletes, subscription filters).
 * Each `contains` term scans a text column of every row the caller owns, and a filter runs inside
 * the one database everyone shares: the web app sends one or two terms; 25 leave room for any real
 * client, and keep the heaviest filter a caller can send to a fraction of a second (measured in
 * bench/healthz-under-load.ts). Nesting is bounded too, so nothing that walks a filter can run out
 * of stack.
 */
export const MAX_FILTER_TERMS = 25;
export const MAX_FILTER_DEPTH = 6;

const LOGICAL = new Set(['and', 'or', 'not']);

/** Refuses a filter over budget with a message saying which limit; walks it without recursion. */
export function checkFilterBudget(filter: unknown): void {
  if (filter === null || filter === undefined) return;
  let terms = 0;
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: filter, depth: 1 }];
  while (stack.length) {
    const { value, depth } = stack.pop() as (typeof stack)[number];
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth });
      continue;
    }
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_FILTER_DEPTH) {
      throw new AppError(
        'BAD_REQUEST',
        `The filter is nested more than ${MAX_FILTER_DEPTH} levels deep; nest and, or and not at most ${MAX_FILTER_DEPTH} levels.`,
      );
    }
    for (const [key, child] of Object.entries(value)) {
      if (child === null || child === undefined) continue;
      if (LOGICAL.has(key)) stack.push({ value: child, depth: depth + 1 });
      else terms += typeof child === 'object' && !Array.isArray(child) ? Object.keys(child).length : 1;
    }
    if (terms > MAX_FILTER_TERMS) {
      throw new AppError('BAD_REQUEST', `The filter has more than ${MAX_FILTER_TERMS} conditions; use at most ${MAX_FILTER_TERMS}.`);
    }
  }
}
