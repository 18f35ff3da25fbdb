import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandEnv } from './env';

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
