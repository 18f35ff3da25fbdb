// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server in the foreground. Signals go to whichever child is running; we exit with its code.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { repoRoot, serverEnv, signalTree, spawnNpm, waitForTree } from './workspace.mjs';

/** Everything the web build reads: a change to any of these makes the build stale. */
const buildInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  // Dependency upgrades change the bundle too.
  'package-lock.json',
].map((p) => path.join(repoRoot, p));

const distIndex = path.join(repoRoot, 'apps/web/dist/index.html');
// Outside dist so the server never serves it; node_modules/.cache is git-ignored and disposable.
const stampFile = path.join(repoRoot, 'node_modules/.cache/aisle/web-build.json');

let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => current && signalTree(current, signal));
}
// A closed terminal: the children are in their own process group and would not hear it.
process.on('SIGHUP', () => current && signalTree(current, 'SIGTERM'));

// A worker process (ROLE=worker) serves no pages, so it needs no web build.
const servesPages = process.env.ROLE !== 'worker';
const staleReason = servesPages ? whyBuild() : null;
if (!servesPages) {
  log('ROLE=worker serves no web app; skipping the web build');
} else if (staleReason) {
  log(`building the web app (${staleReason})`);
  const startedAtMs = Date.now();
  const result = await run(['run', 'build', '-w', '@aisle/web'], {});
  if (result.code !== 0) {
    log(`web app build failed (exit ${result.signal ?? result.code})`);
    exitLike(result);
  }
  writeStamp({ startedAtMs, indexMtimeMs: statSync(distIndex).mtimeMs });
} else {
  log('web app build is up to date; skipping the build');
}

// Up to 30 s for the server to close after a signal: a worker lets running jobs finish first (worker.ts).
exitLike(await run(['run', 'start', '-w', '@aisle/server'], { env: serverEnv() }, 30_000));

/** Returns why the web app needs building, or null when apps/web/dist is current. */
function whyBuild() {
  const builtAtMs = buildTime();
  if (builtAtMs === null) return 'apps/web/dist/index.html is missing';
  const newest = newestInput();
  if (newest && newest.mtimeMs > builtAtMs) return `${path.relative(repoRoot, newest.file)} changed since the last build`;
  return null;
}

/**
 * When the build ran. The stamp keeps the build's start time, so a file saved while Vite was
 * running still counts as newer; it only applies to the build that wrote it (a manual
 * `npm run build` leaves a different index.html, whose own mtime is then used).
 */
function buildTime() {
  const indexStat = statSync(distIndex, { throwIfNoEntry: false });
  if (!indexStat) return null;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (stamp.indexMtimeMs === indexStat.mtimeMs && typeof stamp.startedAtMs === 'number') return stamp.startedAtMs;
  } catch (error) {
    if (error.code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  return indexStat.mtimeMs;
}

/** The most recently modified input file or folder (a folder's mtime changes when a file is deleted). */
function newestInput() {
  let newest = null;
  const consider = (file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat && (!newest || stat.mtimeMs > newest.mtimeMs)) newest = { file, mtimeMs: stat.mtimeMs };
    return stat;
  };
  for (const input of buildInputs) {
    if (!consider(input)?.isDirectory()) continue;
    for (const entry of readdirSync(input, { recursive: true })) consider(path.join(input, entry));
  }
  return newest;
}

function writeStamp(stamp) {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify(stamp)}\n`);
}

async function run(args, options, closeTimeoutMs) {
  const child = spawnNpm(args, { stdio: 'inherit', ...options });
  current = child;
  const result = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  await waitForTree(child, closeTimeoutMs);
  return result;
}

/** Exits the way the child did: its code, or 128 + signal number as a shell reports it. */
function exitLike({ code, signal }) {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
}

function log(message) {
  console.log(`[start] ${message}`);
}
