import { readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * A lock file beside an embedded database folder (`DATA_DIR/db.lock` for `DATA_DIR/db`), held by the
 * one process that has it open. A PGlite folder opened by two processes at once is corrupted, and
 * PGlite itself guards nothing: its `postmaster.pid` always says "-42" and is left behind by a
 * crash. So every process that opens the folder (the server, `user:create`, `backup`, `migrate`)
 * takes this lock first, and a second one is refused with a message saying who holds it.
 *
 * A lock left by a crash must not block the next start. On the same host the holder's process id
 * tells (dead, or this very process: a container restarted as PID 1 again); from another host (a
 * new container on a shared volume) the holder's heartbeat does: a live holder touches the file
 * every HEARTBEAT_MS, so a file untouched for STALE_MS belongs to no one.
 */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 3 * HEARTBEAT_MS;

interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

/** Another live process has the folder open; the message says which and what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The database folder is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}): the server is running on this data folder. ` +
        `Stop it first. If no server is running there, delete ${lockFile}.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/** The lock file of an embedded database folder. */
export function lockFileOf(databaseDir: string): string {
  return `${databaseDir.replace(/\/+$/, '')}.lock`;
}

/** Who holds the folder now, or undefined when no live process does. */
export function dataDirHolder(databaseDir: string): LockHolder | undefined {
  const file = lockFileOf(databaseDir);
  let holder: LockHolder;
  let touchedAt: number;
  try {
    holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    touchedAt = statSync(file).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // A half-written or unreadable lock belongs to no one we can name: treat it as stale.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
  return isAlive(holder, touchedAt) ? holder : undefined;
}

function isAlive(holder: LockHolder, touchedAt: number): boolean {
  if (holder.host !== hostname()) return Date.now() - touchedAt < STALE_MS;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock, or throws DataDirInUseError when a live process holds it. */
export function acquireDataDirLock(databaseDir: string): DataDirLock {
  const file = lockFileOf(databaseDir);
  const holder = dataDirHolder(databaseDir);
  if (holder) throw new DataDirInUseError(file, holder);
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(mine)}\n`);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // The folder was moved or removed under us (a test's cleanup): nothing left to guard.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      try {
        // Only our own lock: never one another process took over after ours went stale.
        const current = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
        if (current.pid === mine.pid && current.host === mine.host && current.since === mine.since) unlinkSync(file);
      } catch {
        // Already gone.
      }
    },
  };
}
