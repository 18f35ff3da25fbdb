import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const committed = (name: string) => readFileSync(path.join(here, name), 'utf8');

/** The files apps/server/scripts/print-schema.ts would write from the server's SDL as it is now. */
function current(): { sdl: string; env: string } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/print-schema.ts', '--print'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as { sdl: string; env: string };
}

describe('the typed operations’ schema', () => {
  // Regenerate with `npx tsx apps/server/scripts/print-schema.ts` and commit both files.
  it('is the server’s SDL as it is now, with its gql.tada introspection types', { timeout: 60_000 }, () => {
    const { sdl, env } = current();
    expect(committed('schema.graphql'), 'schema.graphql is out of date with the server’s SDL').toBe(sdl);
    expect(committed('graphql-env.d.ts'), 'graphql-env.d.ts is out of date with the server’s SDL').toBe(env);
  });
});
