// Runs the server's test suite on the embedded default, then (when DATABASE_URL and REDIS_URL are
// set, as in CI) the same suite again against real Postgres and Redis, plus the two-instance test.
import { spawnSync } from 'node:child_process';

const resolveVitest = () => {
  const result = spawnSync(process.execPath, ['-e', "process.stdout.write(require.resolve('vitest/vitest.mjs'))"], { encoding: 'utf8' });
  return result.stdout;
};

const bin = resolveVitest();
const run = (env) => spawnSync(process.execPath, [bin, 'run'], { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

console.log('\n== Server tests: embedded (PGlite, in-process events) ==\n');
const embedded = run({ AISLE_TEST_BACKEND: 'embedded' });
if (embedded !== 0) process.exit(embedded);

if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  console.log('\n== Server tests: scaled out (Postgres at DATABASE_URL, Redis at REDIS_URL) ==\n');
  process.exit(run({ AISLE_TEST_BACKEND: 'scaled' }));
} else {
  console.log('\nDATABASE_URL and REDIS_URL are not both set: the scaled-out run was not started.');
}
