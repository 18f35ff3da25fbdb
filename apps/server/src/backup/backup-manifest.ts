import { z } from 'zod';

/**
 * What a backup archive holds and how to check it (docs/backup.md). The layout:
 *
 *   database/pgdata.tar   the embedded database's data folder (PGlite's dumpDataDir, a tar itself)
 *   data/files/…          uploaded knowledge files   (DATA_DIR/files)
 *   data/media/…          avatars                    (DATA_DIR/media)
 *   data/exports/…        account exports            (DATA_DIR/exports)
 *   data/jwt-secret, data/variables-encryption-key    the generated keys
 *   manifest.json         this, last: every entry above with its size and sha256
 *
 * The manifest comes last because each entry's checksum is taken while it is written.
 */
export const BACKUP_FORMAT_VERSION = 1;

export const DATABASE_ENTRY = 'database/pgdata.tar';
export const MANIFEST_ENTRY = 'manifest.json';
/** Everything else lives under this prefix, as it lies in DATA_DIR. */
export const DATA_PREFIX = 'data/';
/** DATA_DIR's folders a backup keeps (knowledge/knowledge-context.ts, app.ts's media, exports/exports-context.ts). */
export const DATA_FOLDERS = ['files', 'media', 'exports'] as const;
/**
 * DATA_DIR's generated keys (env.ts `loadOrCreateSecret`, domains/variables/encryption-key.ts
 * VARIABLES_KEY_FILE). Without the variables key, every sealed secret in the database is lost.
 */
export const KEY_FILES = ['jwt-secret', 'variables-encryption-key'] as const;

/** Read first, alone: a later format may change everything else. */
export const manifestHeadSchema = z.object({
  format: z.literal('aisle-backup'),
  formatVersion: z.number().int().positive(),
});

export const manifestSchema = manifestHeadSchema.extend({
  appVersion: z.string().min(1),
  migrations: z.object({
    applied: z.number().int().min(0),
    /** The newest applied migration's tag and drizzle-kit timestamp. */
    latest: z.string().nullable(),
    latestWhen: z.number().nullable(),
  }),
  pgliteVersion: z.string(),
  postgresVersion: z.string(),
  createdAt: z.string(),
  entries: z.array(
    z.object({
      path: z.string().min(1),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = BackupManifest['entries'][number];

/** How many files an archive holds besides the database, by DATA_DIR folder, and its keys: what the commands report. */
export function countDataEntries(manifest: BackupManifest): Record<'files' | 'media' | 'exports' | 'keys', number> {
  const counts = { files: 0, media: 0, exports: 0, keys: 0 };
  for (const entry of manifest.entries) {
    if (!entry.path.startsWith(DATA_PREFIX)) continue;
    const parts = entry.path.slice(DATA_PREFIX.length).split('/');
    const group = parts.length === 1 ? 'keys' : parts[0];
    if (group === 'files' || group === 'media' || group === 'exports' || group === 'keys') counts[group] += 1;
  }
  return counts;
}
