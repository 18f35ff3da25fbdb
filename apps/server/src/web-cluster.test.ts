import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { webProcessCount } from './web-cluster';

describe('WEB_CONCURRENCY', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/aisle-cluster-env' };
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
  const count = (env: Record<string, string>) => webProcessCount(parseEnv({ ...base, ...env }), logger);

  it('runs that many web processes on Postgres with Redis', () => {
    expect(count({ WEB_CONCURRENCY: '3', DATABASE_URL: 'postgres://db/aisle', REDIS_URL: 'redis://cache' })).toBe(3);
    expect(count({ DATABASE_URL: 'postgres://db/aisle', REDIS_URL: 'redis://cache' })).toBe(1);
  });

  it('keeps the embedded database, or a worker, in one process, and says why', () => {
    warnings.length = 0;
    expect(count({ WEB_CONCURRENCY: '2' })).toBe(1);
    expect(warnings).toEqual(['WEB_CONCURRENCY=2 needs DATABASE_URL and REDIS_URL (the processes share them); running one process']);
    expect(count({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/aisle' })).toBe(1);
    expect(count({ WEB_CONCURRENCY: '2', ROLE: 'worker', DATABASE_URL: 'postgres://db/aisle', REDIS_URL: 'redis://cache' })).toBe(1);
  });

  it('refuses a count that is not a small positive whole number', () => {
    expect(() => parseEnv({ ...base, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseEnv({ ...base, WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
  });
});
