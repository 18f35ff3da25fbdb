// `npm test` after lint and type checks: the web app's tests (unit in jsdom, e2e in Chromium
// against the production build), then the server's suites on the embedded default, then (when
// DATABASE_URL and REDIS_URL are set, as in CI) the server's suites again against that Postgres and
// Redis, plus the two-instance test. Every pass runs even when an earlier one failed, so one report
// shows everything (except the scaled pass, skipped when the embedded one already failed); the
// container image test follows when CI=true or AISLE_CONTAINER_TEST=1; the last line sums them up
// and the exit code is non-zero when any pass failed.
//
// Usage: node scripts/run-tests.mjs [web] [server]   (default: both; `npm run test -w @aisle/server`
// runs `server` only)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './workspace.mjs';

const known = ['web', 'server'];
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !known.includes(a));
if (unknown.length) {
  console.error(`unknown suite ${unknown.join(', ')}; usage: node scripts/run-tests.mjs [${known.join('] [')}]`);
  process.exit(2);
}
const suites = asked.length ? asked : known;

const reports = mkdtempSync(path.join(tmpdir(), 'aisle-test-report-'));
const totals = { passed: 0, failed: 0 };
/** Each failed test as `suite: file › title`, repeated next to the closing line (a CI log is often read from its end). */
const failures = [];
let status = 0;

/** vitest's CLI as installed for a workspace. */
function vitestOf(workspaceDir) {
  const require = createRequire(path.join(workspaceDir, 'package.json'));
  const cli = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  if (!existsSync(cli)) {
    console.error(`vitest not found at ${cli}; run npm install`);
    process.exit(1);
  }
  return cli;
}

/** One vitest run in a workspace; its JSON report feeds the closing summary line. */
function run(name, workspace, env = {}) {
  const cwd = path.join(repoRoot, workspace);
  const report = path.join(reports, `${name}.json`);
  const result = spawnSync(
    process.execPath,
    [vitestOf(cwd), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (existsSync(report)) {
    const { numPassedTests, numFailedTests, testResults = [] } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += numPassedTests;
    totals.failed += numFailedTests;
    for (const file of testResults) {
      const where = path.relative(cwd, file.name);
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) failures.push(`${name}: ${where} › ${test.fullName}`);
      // A file that failed outside any test (an import error, a hook, an unhandled error).
      if (!failed.length && file.status === 'failed') failures.push(`${name}: ${where} › ${file.message || 'failed outside its tests'}`);
    }
  } else {
    totals.failed += 1;
    failures.push(`${name}: no report (vitest exited with ${result.status})`);
  }
  const ok = result.status === 0;
  if (!ok) status = 1;
  return ok;
}

if (suites.includes('web')) {
  console.log('\n== Web tests: unit (jsdom), e2e (production build and server bundle in Chromium) ==\n');
  run('web', 'apps/web');
}

if (suites.includes('server')) {
  console.log('\n== Server tests: embedded (PGlite, in-process events) ==\n');
  const embedded = run('server-embedded', 'apps/server', { AISLE_TEST_BACKEND: 'embedded' });
  if (!(process.env.DATABASE_URL && process.env.REDIS_URL)) {
    console.log('\nDATABASE_URL and REDIS_URL are not both set: the scaled-out run was not started.');
  } else if (!embedded) {
    console.log('\nThe embedded run failed: the scaled-out run was not started.');
  } else {
    console.log('\n== Server tests: scaled out (Postgres at DATABASE_URL, Redis at REDIS_URL) ==\n');
    run('server-scaled', 'apps/server', { AISLE_TEST_BACKEND: 'scaled' });
  }
}

// The container image (Dockerfile, docs/container.md), built and used as an operator would: in CI
// or when asked, and only in the whole run (`npm test`), since the build takes minutes. One test:
// passed or failed; skipped (no Docker it can run) counts as neither, and the script prints why.
if (!asked.length && (process.env.CI === 'true' || process.env.AISLE_CONTAINER_TEST === '1')) {
  console.log('\n== Container image: build, run, a user visit over HTTP, graceful stop ==\n');
  const summaryFile = path.join(reports, 'container.json');
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/container-test.mjs'), '--summary', summaryFile], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const outcome = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')).containerTest : 'failed';
  if (outcome === 'passed' && result.status === 0) totals.passed += 1;
  else if (outcome !== 'skipped' || result.status !== 0) {
    totals.failed += 1;
    failures.push(`container: ${outcome}`);
    status = 1;
  }
}

rmSync(reports, { recursive: true, force: true });
if (failures.length) console.log(`\nfailed:\n${failures.map((line) => `  ${line.split('\n')[0]}`).join('\n')}`);
// A plain closing line that any CI reader understands.
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(status);
