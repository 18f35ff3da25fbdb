import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from './version';

const repoFile = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');
const versionOf = (name: string) => (JSON.parse(repoFile(name)) as { version: string }).version;

describe('the release', () => {
  it('is one semantic version across the packages', () => {
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/);
    for (const name of ['package.json', 'apps/web/package.json', 'packages/contracts/package.json'])
      expect(versionOf(name)).toBe(APP_VERSION);
  });

  it('has its entry in the changelog, with upgrade notes', () => {
    const changelog = repoFile('CHANGELOG.md');
    expect(changelog).toMatch(new RegExp(`^## \\[${APP_VERSION.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'));
    expect(repoFile('UPGRADING.md')).toContain(APP_VERSION);
  });
});
