import { afterAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './sandbox-pool';

const pool = new SandboxPool({ filename: new URL('./crashing-worker.fixture.mjs', import.meta.url).href, maxThreads: 1 });
afterAll(() => pool.close());

const crashed = {
  ok: false,
  error: {
    code: 'crashed',
    message: 'The sandbox running the function stopped unexpectedly. Try again; if it keeps happening, simplify the function.',
  },
};

describe('SandboxPool', () => {
  it('ends a run whose worker dies with crashed, then keeps serving', async () => {
    expect(await pool.run({ account: 'shop@example.com', code: 'exit', args: {} })).toMatchObject(crashed);
    expect(await pool.run({ account: 'shop@example.com', code: 'ok', args: {} })).toMatchObject({ ok: true, result: 'answered' });
  });

  it('ends a run whose worker throws with crashed, then keeps serving', async () => {
    expect(await pool.run({ account: 'shop@example.com', code: 'throw', args: {} })).toMatchObject(crashed);
    expect(await pool.run({ account: 'shop@example.com', code: 'ok', args: {} })).toMatchObject({ ok: true, result: 'answered' });
  });

  it('terminates a worker that never answers once the run is past its time limit', async () => {
    const started = Date.now();
    const outcome = await pool.run({ account: 'shop@example.com', code: 'hang', args: {}, limits: { timeMs: 200 } });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await pool.run({ account: 'shop@example.com', code: 'ok', args: {} })).toMatchObject({ ok: true, result: 'answered' });
  });

  it('refuses arguments that are not JSON without starting a run', async () => {
    expect(await pool.run({ account: 'shop@example.com', code: 'ok', args: { id: 1n } })).toMatchObject({
      ok: false,
      error: { code: 'runtime' },
    });
  });
});
