// Shared by start.mjs and dev.mjs: where the repository is, how to run npm, and the environment
// the server gets when started from the repository root. Node built-ins only, so it runs on a
// fresh clone right after `npm install`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const isWindows = process.platform === 'win32';

/**
 * Runs `npm <args>` from the repository root. Under `npm start` / `npm run dev`, npm tells us which
 * npm it is (npm_execpath), so the same npm runs the workspace scripts; otherwise `npm` from PATH.
 *
 * The child leads its own process group: npm runs a script through `sh -c`, and sh does not pass
 * signals on, so signalling npm alone never reaches the server. `signalTree` signals the whole
 * group instead, exactly as Ctrl-C in a terminal would.
 */
export function spawnNpm(args, options = {}) {
  const npmCli = process.env.npm_execpath;
  const useCli = npmCli?.endsWith('.js') || npmCli?.endsWith('.cjs');
  const [command, commandArgs] = useCli ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  const child = spawn(command, commandArgs, {
    cwd: repoRoot,
    detached: !isWindows,
    // npm.cmd needs a shell on Windows; elsewhere we spawn directly.
    shell: !useCli && isWindows,
    ...options,
  });
  // Should this process die unexpectedly, do not leave a detached server or Vite behind.
  const killOnExit = () => signalTree(child, 'SIGTERM');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return child;
}

/** Sends `signal` to the child and everything it started (its process group), if still running. */
export function signalTree(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    if (isWindows) child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/**
 * npm runs workspace scripts with cwd = the workspace folder, so the server's relative defaults
 * (DATA_DIR=./data) would land in apps/server. Default them to the repository root instead, and
 * make relative values the user gave absolute from the directory npm was started in (INIT_CWD),
 * where they typed them.
 */
export function serverEnv(source = process.env) {
  const userCwd = source.INIT_CWD || process.cwd();
  const absolute = (value, fallback) => (value ? path.resolve(userCwd, value) : path.join(repoRoot, fallback));
  return {
    // glibc's malloc, told to give memory back (ignored outside glibc). Two arenas instead of up
    // to eight per core: the server's threads (HTTP, the embedded database, the sandbox) then keep
    // ~50 MB less after a load (bench turnThroughput: 457 → 409 MB). A fixed mmap threshold
    // (128 KB, glibc's default start): left alone, glibc raises it each time a large block is freed,
    // and the trim threshold with it (up to 64 MB), so freed memory stayed in the arenas; fixed, it
    // is returned (409 → 346–375 MB). Neither has a measured speed cost.
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    ...source,
    DATA_DIR: absolute(source.DATA_DIR, 'data'),
    WEB_DIST_DIR: absolute(source.WEB_DIST_DIR, path.join('apps', 'web', 'dist')),
  };
}

/**
 * Resolves once every process the child started has exited. On SIGTERM, sh and npm exit at once
 * while the server is still closing its database; returning before it finishes would let a
 * restart find the data directory in use. Whatever is left after `timeoutMs` is killed.
 */
export async function waitForTree(child, timeoutMs = 15_000) {
  if (isWindows || child.pid === undefined) return;
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(child.pid)) {
    if (Date.now() > deadline) {
      process.kill(-child.pid, 'SIGKILL');
      return;
    }
    await sleep(100);
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}
