import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { create, list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { assistants } from '../db/schema';
import { readVariableValues } from '../domains/variables';
import { parseEnv } from '../env';
import { closeServices, createServices } from '../services';
import { createAssistant } from '../testing/assistants';
import type { TestViewer } from '../testing/graphql-client';
import { multipartBody, tinyPng } from '../testing/images';
import { createStore, post, uploadFiles } from '../testing/knowledge';
import type { TestApp } from '../testing/test-app';
import { createVerifiedUser, type TestUser } from '../testing/users';
import type { BackupManifest } from './backup-manifest';
import { BackupArchiveError } from './read-backup-archive';
import { restoreBackupArchive } from './restore-backup-archive';
import { writeBackupArchive } from './write-backup-archive';

/**
 * The real app on a real DATA_DIR (PGlite on disk, files under it, keys generated into it: no
 * JWT_SECRET or VARIABLES_ENCRYPTION_KEY is set), as `npm start` runs the embedded default. Its
 * jobs are not started: queued ones wait in the database, and travel with the backup.
 */
async function openAppOn(dataDir: string): Promise<TestApp> {
  const env = parseEnv({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://aisle.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
  });
  const logger = pino({ level: 'silent' });
  const services = await createServices({ env, logger, mailer: { send: async () => undefined } });
  const app = await buildApp({ services, fastify: { loggerInstance: logger } });
  await app.ready();
  return {
    app,
    services,
    mails: [],
    async close() {
      await app.close();
      await closeServices(services);
    },
  };
}

/** Every regular file under a folder, by path relative to it. */
function filesUnder(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      found.set(path.relative(dir, file), readFileSync(file));
    }
  }
  return found;
}

/** The manifest of an archive. */
async function manifestOf(archive: string): Promise<BackupManifest> {
  const chunks: Buffer[] = [];
  await list({
    file: archive,
    filter: (name) => name === 'manifest.json',
    onReadEntry: (entry) => entry.on('data', (chunk: Buffer) => chunks.push(chunk)),
  });
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
}

/** A small archive of a manifest and some files, as a damaged or foreign backup might be. */
async function craftArchive(out: string, manifest: BackupManifest, files: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'aisle-craft-'));
  try {
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    await create({ file: out, cwd: dir, gzip: true, portable: true }, ['manifest.json', ...Object.keys(files)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('backup and restore of the embedded default', { timeout: 120_000 }, () => {
  let root: string;
  let archive: string;
  let owner: TestUser & TestViewer;
  let assistantId: string;
  let avatarPath: string;
  const avatar = tinyPng(3);
  const knowledge = `Returns are accepted within 30 days.\n${randomBytes(2048).toString('hex')}\n`;
  const secretValue = `sk_live_${randomBytes(12).toString('hex')}`;
  let sourceFiles: Map<string, Buffer>;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'aisle-backup-'));
    const source = path.join(root, 'source');
    const t = await openAppOn(source);
    try {
      owner = { ...(await createVerifiedUser(t, { email: 'owner@shop.test', password: 'secret123' })), isStaff: false };
      assistantId = await createAssistant(t, owner, { assistantName: 'Backed-up helper' });
      const body = multipartBody('avatar', 'bot.png', 'image/png', avatar, { assistantId });
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/assistant/avatar/',
        headers: { ...body.headers, authorization: `Bearer ${owner.access}` },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      avatarPath = new URL(uploaded.json().assistantAvatarUrl).pathname;
      const storeId = await createStore(t, owner);
      // Its bytes are stored by the upload itself; indexing them (a job) is not what this is about.
      await uploadFiles(t, owner, storeId, [{ fileName: 'returns.txt', contentType: 'text/plain', bytes: knowledge }]);
      const variable = await post(t, owner, '/api/variables/', { name: 'SHOP_API_TOKEN', value: secretValue, secret: true });
      expect(variable.status).toBe(201);
      // Taken while the app runs, through its open database: what scheduled backups do.
      archive = path.join(root, 'backup.tar.gz');
      await writeBackupArchive({ database: t.services.database, dataDir: source, file: archive });
      sourceFiles = filesUnder(path.join(source, 'files'));
    } finally {
      await t.close();
    }
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores accounts, assistants, uploaded files, avatars and secret variables into a new folder', async () => {
    const target = path.join(root, 'restored');
    const { counts } = await restoreBackupArchive({ file: archive, dataDir: target });
    expect(counts).toEqual({ files: 1, media: 1, exports: 0, keys: 2 });

    const t = await openAppOn(target);
    try {
      const signIn = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: owner.email, password: owner.password } });
      expect(signIn.statusCode, signIn.body).toBe(200);
      // The JWT secret came back too: a token issued before the backup is still accepted.
      const edit = await post(t, owner, '/api/assistant/edit/', { id: assistantId, assistantName: 'Backed-up helper' });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const [row] = await t.services.db.select().from(assistants).where(eq(assistants.id, assistantId));
      expect(row?.ownerEmail).toBe(owner.email);

      const served = await t.app.inject(avatarPath);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(avatar)).toBe(true);

      const restoredFiles = filesUnder(path.join(target, 'files'));
      expect([...restoredFiles.keys()]).toEqual([...sourceFiles.keys()]);
      for (const [name, bytes] of sourceFiles) expect(restoredFiles.get(name)?.equals(bytes), name).toBe(true);
      expect([...restoredFiles.values()].some((bytes) => bytes.toString('utf8') === knowledge)).toBe(true);

      // Sealed with the generated variables key, which the backup carried: it still opens.
      const values = await readVariableValues(t.services.db, t.services.env.VARIABLES_ENCRYPTION_KEY, owner.email, ['SHOP_API_TOKEN']);
      expect(values).toEqual({ SHOP_API_TOKEN: secretValue });
    } finally {
      await t.close();
    }
  });

  it('refuses a truncated archive before writing anything', async () => {
    const cut = path.join(root, 'cut.tar.gz');
    const bytes = readFileSync(archive);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = path.join(root, 'from-cut');
    await expect(restoreBackupArchive({ file: cut, dataDir: target })).rejects.toThrow(/not a readable backup archive.*truncated/);
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
  });

  it('refuses an archive from a newer release, or with migrations this version does not know', async () => {
    const manifest = await manifestOf(archive);
    const target = path.join(root, 'from-newer');
    const newer = path.join(root, 'newer.tar.gz');
    await craftArchive(newer, { ...manifest, appVersion: '99.0.0' });
    await expect(restoreBackupArchive({ file: newer, dataDir: target })).rejects.toThrow(/made by Aisle 99\.0\.0, newer than this version/);

    const newerSchema = path.join(root, 'newer-schema.tar.gz');
    const future = { applied: manifest.migrations.applied + 1, latest: '9999_future', latestWhen: 4_102_444_800_000 };
    await craftArchive(newerSchema, { ...manifest, migrations: future });
    await expect(restoreBackupArchive({ file: newerSchema, dataDir: target })).rejects.toThrow(/migrations this version does not know/);

    const newerFormat = path.join(root, 'newer-format.tar.gz');
    await craftArchive(newerFormat, { ...manifest, formatVersion: 2 });
    await expect(restoreBackupArchive({ file: newerFormat, dataDir: target })).rejects.toThrow(/backup format 2, made by a newer Aisle/);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses an archive whose content does not match its checksums, that misses a part or holds a foreign one', async () => {
    const manifest = await manifestOf(archive);
    const target = path.join(root, 'from-tampered');
    const tampered = path.join(root, 'tampered.tar.gz');
    await craftArchive(tampered, manifest, { 'data/jwt-secret': 'another-secret-another-secret-another-secret\n' });
    const refusal = restoreBackupArchive({ file: tampered, dataDir: target });
    await expect(refusal).rejects.toBeInstanceOf(BackupArchiveError);
    await expect(refusal).rejects.toThrow(/data\/jwt-secret does not match its checksum/);

    const foreign = path.join(root, 'foreign.tar.gz');
    await craftArchive(foreign, manifest, { 'data/scripts/run.sh': 'echo hi' });
    await expect(restoreBackupArchive({ file: foreign, dataDir: target })).rejects.toThrow(
      /data\/scripts\/run\.sh is not part of an Aisle backup/,
    );

    const partial = path.join(root, 'partial.tar.gz');
    await craftArchive(partial, manifest);
    await expect(restoreBackupArchive({ file: partial, dataDir: target })).rejects.toThrow(/is missing database\/pgdata\.tar/);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a folder that is not empty, and leaves it as it was', async () => {
    const target = path.join(root, 'occupied');
    mkdirSync(target);
    writeFileSync(path.join(target, 'keep.txt'), 'mine');
    await expect(restoreBackupArchive({ file: archive, dataDir: target })).rejects.toThrow(
      /is not empty; restore into a new, empty folder/,
    );
    expect(readdirSync(target)).toEqual(['keep.txt']);
  });
});
