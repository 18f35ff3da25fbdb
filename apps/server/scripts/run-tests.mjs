// Runs the server's test suite on the embedded default, then (when DATABASE_URL and REDIS_URL are
// set, as in CI) the same suite again against real Postgres and Redis, plus the two-instance test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
if (!existsSync(vitest)) {
  console.error(`vitest not found at ${vitest}; run npm install`);
  process.exit(1);
}

const reports = mkdtempSync(path.join(tmpdir(), 'aisle-test-report-'));
const totals = { passed: 0, failed: 0 };

/** One vitest run; its JSON report feeds the closing summary line. */
const run = (backend) => {
  const report = path.join(reports, `${backend}.json`);
  const result = spawnSync(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env: { ...process.env, AISLE_TEST_BACKEND: backend },
  });
  if (existsSync(report)) {
    const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += numPassedTests;
    totals.failed += numFailedTests;
  } else {
    totals.failed += 1;
  }
  return result.status ?? 1;
};

const finish = (status) => {
  rmSync(reports, { recursive: true, force: true });
  // A plain closing line that any CI reader understands.
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(status);
};

console.log('\n== Server tests: embedded (PGlite, in-process events) ==\n');
const embedded = run('embedded');
if (embedded !== 0) finish(embedded);

if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  console.log('\n== Server tests: scaled out (Postgres at DATABASE_URL, Redis at REDIS_URL) ==\n');
  finish(run('scaled'));
} else {
  console.log('\nDATABASE_URL and REDIS_URL are not both set: the scaled-out run was not started.');
  finish(0);
}
