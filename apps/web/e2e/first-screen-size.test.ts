import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { firstScreenFiles } from './support/first-screen';

/**
 * The first screen (sign-in, or the shopper's chat) downloads under 120 KB of gzipped JavaScript:
 * the entry chunk and every chunk it imports statically, from this run's production build. Each
 * language's words are their own chunks (loaded with the screen that reads them), so the budget
 * holds for every language, and English is not in it either.
 */
const BUDGET_BYTES = 120 * 1024;

describe('the first screen’s JavaScript', () => {
  it('stays under 120 KB gzipped, with no translation bundled in', () => {
    const dir = inject('aisleWebDist');
    const { js } = firstScreenFiles(dir);
    const sizes = js.map((file) => ({ file, bytes: gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length }));
    const total = sizes.reduce((sum, item) => sum + item.bytes, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThan(BUDGET_BYTES);
    const entry = readFileSync(path.join(dir, js[0] as string), 'utf8');
    // A sentence of each language's sign-in screen would mean its catalog was bundled in.
    expect(entry).not.toContain('Sign in to continue your AI journey');
  });
});
