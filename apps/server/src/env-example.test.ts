import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, parseEnv } from './env';
import { renderEnvExample } from './env-example';

const repoFile = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');

describe('.env.example', () => {
  it('is the one the configuration schema writes (run `npm run env:example` after changing env.ts)', () => {
    expect(repoFile('.env.example')).toBe(renderEnvExample());
  });

  it('names every setting with its default, and parses as the defaults it documents', () => {
    const example = renderEnvExample();
    for (const name of Object.keys(envSchema.shape)) expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'));
    expect(example).toContain('# Default: 3000\n# PORT=3000');
    expect(example).toContain('# DATABASE_URL=\n');
    // Uncommenting every line that has a default gives the same configuration as leaving them out.
    const written = Object.fromEntries(
      [...example.matchAll(/^# ([A-Z0-9_]+)=(.+)$/gm)].map((match) => [match[1] as string, match[2] as string]),
    );
    // DATA_DIR and the keys are given, so nothing is generated on disk.
    const given = {
      DATA_DIR: '/nonexistent/aisle',
      JWT_SECRET: 'x'.repeat(32),
      VARIABLES_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect({ ...parseEnv({ ...written, ...given }) }).toEqual({ ...parseEnv(given) });
  });

  it('is documented in the README, variable by variable', () => {
    const readme = repoFile('README.md');
    const missing = Object.keys(envSchema.shape).filter((name) => !readme.includes(`| \`${name}\``) && !readme.includes(` / \`${name}\``));
    expect(missing).toEqual([]);
  });
});
