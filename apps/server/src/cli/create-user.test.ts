import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { parseEnv } from '../env';
import { closeServices, createServices } from '../services';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

// Each case starts the real command (tsx and an embedded database): slower than an inject.
describe('npm run user:create', { timeout: 90_000 }, () => {
  let dataDir: string;
  /** Runs the command the way npm does (cwd apps/server), on a scratch DATA_DIR and the embedded database. */
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/create-user.ts', ...args], {
      cwd: serverDir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      timeout: 60_000,
    });

  /** Signs in against the same data folder, as the server would after the command. */
  async function signIn(email: string, password: string) {
    const env = parseEnv({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent' });
    const services = await createServices({ env, logger: pino({ level: 'silent' }) });
    const app = await buildApp({ services });
    try {
      return await app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
    } finally {
      await app.close();
      await closeServices(services);
    }
  }

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a verified staff user who can sign in straight away', async () => {
    const result = run('--email', 'Owner@Shop.com', '--password', 'secret123', '--staff');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^Created verified staff user owner@shop\.com \(id [0-9a-f-]{36}\)\.$/);
    const res = await signIn('owner@shop.com', 'secret123');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'owner@shop.com', is_staff: true });
  });

  it('updates the password and staff flag of an existing user', async () => {
    const result = run('--email', 'owner@shop.com', '--password', 'another-secret');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^Updated verified user owner@shop\.com/);
    expect((await signIn('owner@shop.com', 'secret123')).statusCode).toBe(401);
    const res = await signIn('owner@shop.com', 'another-secret');
    expect(res.json().user.is_staff).toBe(false);
  });

  it('explains bad arguments and exits 1', () => {
    const cases: [string[], RegExp][] = [
      [['--password', 'secret123'], /Missing --email/],
      [['--email', 'a@shop.com'], /Missing --password/],
      [['--email', 'not-an-email', '--password', 'secret123'], /Invalid --email: Enter a valid email address/],
      [['--email', 'a@shop.com', '--password', 'short'], /Invalid --password: This password is too short/],
      [['--email', 'a@shop.com', '--password', 'secret123', '--admin'], /Unknown option '--admin'/],
    ];
    for (const [args, message] of cases) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Usage: npm run user:create');
    }
  });
});
