import { createHash, type Hash } from 'node:crypto';
import { migrationJournal } from '../db/migration-status';
import { APP_VERSION } from '../version';
import {
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATA_FOLDERS,
  DATA_PREFIX,
  DATABASE_ENTRY,
  KEY_FILES,
  MANIFEST_ENTRY,
  manifestHeadSchema,
  manifestSchema,
} from './backup-manifest';
import { tarPackage } from './tar-entries';

/** A backup archive that cannot be restored; the message is one line for the operator. */
export class BackupArchiveError extends Error {}

/**
 * Reads a whole archive and checks it before anything is restored: it must be a complete gzip'd
 * tar (a truncated one is refused), hold a manifest of a known format, every entry's size and
 * sha256 must match it, nothing may lie outside the layout, and it must not come from a newer
 * release than this code (a newer schema would be read by code that does not know it).
 */
export async function verifyBackupArchive(file: string): Promise<BackupManifest> {
  const { seen, foreign } = await readEntries(file);
  const manifestText = seen.get(MANIFEST_ENTRY)?.text;
  if (manifestText === undefined)
    throw new BackupArchiveError(`${file} has no manifest.json: it is not an Aisle backup, or it is incomplete.`);
  // The format and versions first: a newer release's archive may have a layout this one does not know.
  const manifest = await parseManifest(manifestText);
  if (foreign[0]) throw new BackupArchiveError(`${file}: ${foreign[0]} is not part of an Aisle backup.`);
  const listed = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  for (const [name, found] of seen) {
    if (name === MANIFEST_ENTRY) continue;
    const entry = listed.get(name);
    if (!entry) throw new BackupArchiveError(`${file}: ${name} is not in its manifest.`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256)
      throw new BackupArchiveError(`${file}: ${name} does not match its checksum in the manifest; the archive is damaged.`);
  }
  for (const name of listed.keys()) {
    if (!seen.has(name)) throw new BackupArchiveError(`${file} is missing ${name}, which its manifest lists.`);
  }
  if (!listed.has(DATABASE_ENTRY)) throw new BackupArchiveError(`${file} holds no database.`);
  return manifest;
}

interface SeenEntry {
  size: number;
  sha256: string;
  text?: string;
}

async function readEntries(file: string): Promise<{ seen: Map<string, SeenEntry>; foreign: string[] }> {
  const seen = new Map<string, SeenEntry>();
  const foreign: string[] = [];
  try {
    await tarPackage().list({
      file,
      strict: true,
      onReadEntry(entry) {
        const name = entry.path;
        // Folders carry nothing to check (our archives have none; a repacked one may).
        if (entry.type === 'Directory' && allowedFolder(name)) {
          entry.resume();
          return;
        }
        if (entry.type !== 'File' || !allowedPath(name)) {
          foreign.push(name);
          entry.resume();
          return;
        }
        const hash: Hash = createHash('sha256');
        const chunks: Buffer[] = [];
        let size = 0;
        entry.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
          if (name === MANIFEST_ENTRY) chunks.push(chunk);
        });
        entry.on('end', () => {
          seen.set(name, {
            size,
            sha256: hash.digest('hex'),
            ...(name === MANIFEST_ENTRY ? { text: Buffer.concat(chunks).toString('utf8') } : {}),
          });
        });
      },
    });
  } catch (error) {
    throw new BackupArchiveError(`${file} is not a readable backup archive (${oneLine(error)}); it may be truncated or damaged.`, {
      cause: error,
    });
  }
  return { seen, foreign };
}

/** Only the layout of backup-manifest.ts, and never a path that climbs out of the target. */
function allowedPath(name: string): boolean {
  if (name === MANIFEST_ENTRY || name === DATABASE_ENTRY) return true;
  if (!name.startsWith(DATA_PREFIX) || name.includes('\\')) return false;
  const parts = name.slice(DATA_PREFIX.length).split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return false;
  if (parts.length === 1) return (KEY_FILES as readonly string[]).includes(parts[0] ?? '');
  return (DATA_FOLDERS as readonly string[]).includes(parts[0] ?? '');
}

function allowedFolder(name: string): boolean {
  const folder = name.replace(/\/+$/, '');
  if (folder === 'database' || folder === 'data') return true;
  const parts = folder.slice(DATA_PREFIX.length).split('/');
  return (
    folder.startsWith(DATA_PREFIX) &&
    (DATA_FOLDERS as readonly string[]).includes(parts[0] ?? '') &&
    !parts.some((part) => part === '' || part === '.' || part === '..')
  );
}

async function parseManifest(text: string): Promise<BackupManifest> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupArchiveError('The archive’s manifest.json is not valid JSON.');
  }
  const head = manifestHeadSchema.safeParse(json);
  if (!head.success) throw new BackupArchiveError('The archive’s manifest.json is not an Aisle backup manifest.');
  if (head.data.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupArchiveError(
      `The archive is in backup format ${head.data.formatVersion}, made by a newer Aisle; this version (${APP_VERSION}) reads format ${BACKUP_FORMAT_VERSION}. Restore it with a newer version.`,
    );
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupArchiveError(`The archive’s manifest.json is invalid (${parsed.error.issues[0]?.message}).`);
  const manifest = parsed.data;
  if (compareVersions(manifest.appVersion, APP_VERSION) > 0)
    throw new BackupArchiveError(
      `The archive was made by Aisle ${manifest.appVersion}, newer than this version (${APP_VERSION}). Restore it with ${manifest.appVersion} or newer.`,
    );
  const journal = await migrationJournal();
  const known = new Set(journal.map((entry) => entry.when));
  if (
    manifest.migrations.applied > journal.length ||
    (manifest.migrations.latestWhen !== null && !known.has(manifest.migrations.latestWhen))
  )
    throw new BackupArchiveError(
      `The archive's database has migrations this version does not know (${manifest.migrations.applied} applied, latest ${manifest.migrations.latest}; this version has ${journal.length}). Restore it with a newer version.`,
    );
  return manifest;
}

/** Semantic versions compared by their numbers (a pre-release suffix is ignored). */
export function compareVersions(a: string, b: string): number {
  const numbers = (version: string) =>
    version
      .split(/[-+]/)[0]
      ?.split('.')
      .map((part) => Number.parseInt(part, 10) || 0) ?? [];
  const [left, right] = [numbers(a), numbers(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}
