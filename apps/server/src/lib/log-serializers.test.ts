import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../process-lifecycle';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Finding 3, second half: a refused statement was logged with its SQL and every parameter at error
 * level (one request made a 4.2 MB log line). The process's logger now keeps the error's kind and
 * code, and cuts what carries the input.
 */
describe('what the logs keep of a failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logs a failed query with a 1 MB parameter in one short line, without the parameter', async () => {
    const secret = `customer-secret-${'x'.repeat(1_000_000)}`;
    const failure = await t.services.db.execute(sql`SELECT ${secret}::int AS n`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);

    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    createLogger({ LOG_LEVEL: 'info' }, sink).error({ err: failure }, 'request failed');
    expect(lines).toHaveLength(1);
    const line = lines[0] as string;
    expect(line.length).toBeLessThan(4000);
    expect(line).not.toContain('customer-secret');
    const logged = JSON.parse(line);
    expect(logged.msg).toBe('request failed');
    expect(logged.err.cause.code).toBe('22P02');
  });
});
