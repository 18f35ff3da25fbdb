import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseCommandEnv, parseEnv } from './env';

describe('configuration of npm-run commands', () => {
  const repoRoot = path.resolve('/srv/aisle');
  const secret = { JWT_SECRET: 'x'.repeat(40) };

  it('keeps data in the repository data folder when DATA_DIR is not set', () => {
    const env = parseCommandEnv(repoRoot, { ...secret, INIT_CWD: '/home/me' });
    expect(env.dataDir).toBe(path.join(repoRoot, 'data'));
  });

  it('reads a relative DATA_DIR from the directory npm was started in', () => {
    expect(parseCommandEnv(repoRoot, { ...secret, INIT_CWD: '/home/me', DATA_DIR: 'my-data' }).dataDir).toBe(
      path.resolve('/home/me/my-data'),
    );
    expect(parseCommandEnv(repoRoot, { ...secret, INIT_CWD: '/home/me', DATA_DIR: '/var/aisle' }).dataDir).toBe(path.resolve('/var/aisle'));
  });
});

describe('service configuration', () => {
  it('starts from nothing: port 3000, data in ./data, a public URL on localhost', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-env-'));
    try {
      const env = parseEnv({ DATA_DIR: dataDir });
      expect(env).toMatchObject({
        PORT: 3000,
        PUBLIC_URL: 'http://localhost:3000',
        CORS_ORIGINS: ['http://localhost:3000'],
        TRUST_PROXY: false,
      });
      expect(env.DATABASE_URL).toBeUndefined();
      expect(env.REDIS_URL).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('generates the JWT secret once, keeps it in DATA_DIR and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-env-'));
    try {
      const first = parseEnv({ DATA_DIR: dataDir }).JWT_SECRET;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
      expect(parseEnv({ DATA_DIR: dataDir }).JWT_SECRET).toBe(first);
      expect(parseEnv({ DATA_DIR: dataDir, JWT_SECRET: 'y'.repeat(40) }).JWT_SECRET).toBe('y'.repeat(40));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reports every problem of a bad configuration together', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', JWT_SECRET: 'short', LOG_LEVEL: 'loud', SMTP_USER: 'me' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'SMTP_HOST']) expect(problems).toContain(name);
  });

  it('runs web and worker together unless told otherwise, and splits them only on Postgres', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-env-'));
    try {
      expect(parseEnv({ DATA_DIR: dataDir }).ROLE).toBe('all');
      const postgres = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.internal/aisle' };
      expect(parseEnv({ ...postgres, ROLE: 'web' }).ROLE).toBe('web');
      expect(parseEnv({ ...postgres, ROLE: 'worker' }).ROLE).toBe('worker');
      // One PGlite data directory must never be opened by two processes.
      for (const role of ['web', 'worker']) {
        expect(() => parseEnv({ DATA_DIR: dataDir, ROLE: role })).toThrow(/ROLE: .* needs DATABASE_URL/);
      }
      expect(() => parseEnv({ ...postgres, ROLE: 'jobs' })).toThrow(/ROLE/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('makes the server exit with the list of problems instead of starting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: '-1', REDIS_URL: 'nope', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('REDIS_URL');
  });
});

describe('Shopify configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: path.join(tmpdir(), 'aisle-env-shopify') };

  it('is off without credentials, with defaults for scopes, version and origin', () => {
    const env = parseEnv(base);
    expect(env.SHOPIFY_API_KEY).toBeUndefined();
    expect(env).toMatchObject({
      SHOPIFY_SCOPES: 'read_products,read_inventory,read_content,read_themes,write_orders,write_returns,read_legal_policies',
      SHOPIFY_API_VERSION: '2026-10',
      SHOPIFY_ADMIN_API_ORIGIN: 'https://{shop}',
    });
  });

  it('needs the key and the secret together, a real API version and a URL for the origin', () => {
    let error: unknown;
    try {
      parseEnv({ ...base, SHOPIFY_API_KEY: 'key', SHOPIFY_API_VERSION: '2026-13', SHOPIFY_ADMIN_API_ORIGIN: 'not a url {shop}' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    expect(problems).toContain('SHOPIFY_API_KEY, SHOPIFY_API_SECRET');
    expect(problems).toContain('SHOPIFY_API_VERSION');
    expect(problems).toContain('SHOPIFY_ADMIN_API_ORIGIN');
    expect(parseEnv({ ...base, SHOPIFY_ADMIN_API_ORIGIN: 'http://127.0.0.1:9/{shop}/' }).SHOPIFY_ADMIN_API_ORIGIN).toBe(
      'http://127.0.0.1:9/{shop}',
    );
  });

  it('loads App Bridge from Shopify and lets only the Shopify admin frame the app, unless told otherwise', () => {
    expect(parseEnv(base)).toMatchObject({
      SHOPIFY_APP_BRIDGE_URL: 'https://cdn.shopify.com/shopifycloud/app-bridge.js',
      FRAME_ANCESTORS: [],
    });
    expect(parseEnv({ ...base, FRAME_ANCESTORS: 'https://a.example, http://localhost:5173' }).FRAME_ANCESTORS).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    expect(() => parseEnv({ ...base, FRAME_ANCESTORS: 'not an origin' })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, SHOPIFY_APP_BRIDGE_URL: 'nope' })).toThrow(EnvError);
  });
});

describe('messaging channels configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: path.join(tmpdir(), 'aisle-env-channels') };

  it('is off without the Meta app, with defaults for the Graph API and LINE', () => {
    const env = parseEnv(base);
    expect(env.META_APP_ID).toBeUndefined();
    expect(env).toMatchObject({
      META_GRAPH_API_ORIGIN: 'https://graph.facebook.com',
      META_GRAPH_API_VERSION: 'v25.0',
      LINE_API_ORIGIN: 'https://api.line.me',
    });
  });

  it('needs the Meta app id, secret and verify token together, a real version and URLs', () => {
    let error: unknown;
    try {
      parseEnv({ ...base, META_APP_ID: '123', META_GRAPH_API_VERSION: '25', META_GRAPH_API_ORIGIN: 'graph', LINE_API_ORIGIN: 'line' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    expect(problems).toContain('META_APP_ID, META_APP_SECRET, META_VERIFY_TOKEN');
    expect(problems).toContain('META_GRAPH_API_VERSION');
    expect(problems).toContain('META_GRAPH_API_ORIGIN');
    expect(problems).toContain('LINE_API_ORIGIN');
    const env = parseEnv({
      ...base,
      META_APP_ID: '1',
      META_APP_SECRET: 's',
      META_VERIFY_TOKEN: 'v',
      META_GRAPH_API_ORIGIN: 'http://127.0.0.1:9/',
    });
    expect(env.META_GRAPH_API_ORIGIN).toBe('http://127.0.0.1:9');
  });
});
