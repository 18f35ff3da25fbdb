import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../env';
import { decodeVariablesKey, VARIABLES_KEY_FILE } from './encryption-key';
import { isSealedEmpty, openSecret, SecretBoxError, sealSecret } from './secret-box';

const key = randomBytes(32);
const row = { ownerEmail: 'alice@shop.test', id: '3f0c8a52-6f7e-4c1d-9a38-1c2d3e4f5a6b' };
const plaintext = 'sk_live_51HxQ9f3a9';

/** The sealed text with one bit changed in its part `index` (1 IV, 2 tag, 3 ciphertext). */
function flipByte(sealed: string, index: number): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[index] as string, 'base64');
  bytes[0] = (bytes[0] as number) ^ 1;
  parts[index] = bytes.toString('base64');
  return parts.join(':');
}

describe('secret box', () => {
  it('seals to a versioned text that opens only with the same key and row', () => {
    const sealed = sealSecret(key, plaintext, row);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]{16}:[A-Za-z0-9+/=]{24}:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain(plaintext);
    expect(sealSecret(key, plaintext, row)).not.toBe(sealed); // a fresh IV each time
    expect(openSecret(key, sealed, row)).toBe(plaintext);
    expect(openSecret(key, sealed, { ...row, id: row.id.toUpperCase() })).toBe(plaintext);

    const failures = [
      () => openSecret(randomBytes(32), sealed, row),
      () => openSecret(key, sealed, { ...row, ownerEmail: 'bob@shop.test' }),
      () => openSecret(key, sealed, { ...row, id: '3f0c8a52-6f7e-4c1d-9a38-1c2d3e4f5a6c' }),
      () => openSecret(key, flipByte(sealed, 2), row), // tag altered
      () => openSecret(key, flipByte(sealed, 3), row), // ciphertext altered
      () => openSecret(key, flipByte(sealed, 1), row), // IV altered
      () => openSecret(key, plaintext, row), // plain text where a sealed value belongs
      () => openSecret(key, sealed.replace(/^v1/, 'v2'), row),
      () => openSecret(key, 'v1:::', row),
    ];
    for (const failure of failures) {
      expect(failure).toThrow(SecretBoxError);
      try {
        failure();
      } catch (error) {
        expect((error as Error).message).not.toContain(plaintext);
        expect((error as Error).message).not.toContain(key.toString('base64'));
      }
    }
  });

  it('handles empty and non-ASCII values, and tells empty secrets apart without the key', () => {
    for (const value of ['', 'ü', '😀 clé secrète', 'x'.repeat(10_000)])
      expect(openSecret(key, sealSecret(key, value, row), row)).toBe(value);
    expect(isSealedEmpty(sealSecret(key, '', row))).toBe(true);
    expect(isSealedEmpty(sealSecret(key, 'a', row))).toBe(false);
    expect(isSealedEmpty('')).toBe(false);
  });
});

describe('VARIABLES_ENCRYPTION_KEY', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aisle-variables-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const base = { JWT_SECRET: 'x'.repeat(40) };

  it('accepts 32 bytes as base64, base64url or hex', () => {
    const bytes = randomBytes(32);
    for (const text of [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
    ]) {
      expect(decodeVariablesKey(text)).toEqual(bytes);
      expect(parseEnv({ ...base, DATA_DIR: dataDir(), VARIABLES_ENCRYPTION_KEY: text }).VARIABLES_ENCRYPTION_KEY).toBe(text);
    }
  });

  it('reports a key of the wrong size or form as a configuration problem, without echoing it', () => {
    for (const text of [
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('hex'),
      'not a key at all, but 44 characters long!!!',
    ]) {
      let error: unknown;
      try {
        parseEnv({ ...base, DATA_DIR: dataDir(), VARIABLES_ENCRYPTION_KEY: text });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems).toEqual(['VARIABLES_ENCRYPTION_KEY: must be 32 bytes as base64 or 64 hex characters']);
      expect((error as Error).message).not.toContain(text);
    }
  });

  it('without a key, generates one into DATA_DIR on first use and keeps using it across restarts', () => {
    const dir = dataDir();
    const file = path.join(dir, VARIABLES_KEY_FILE);
    const env = parseEnv({ ...base, DATA_DIR: dir });
    expect(() => statSync(file)).toThrow(); // parsing alone writes nothing
    const generated = env.VARIABLES_ENCRYPTION_KEY;
    expect(decodeVariablesKey(generated)).toHaveLength(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(generated);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(env.VARIABLES_ENCRYPTION_KEY).toBe(generated);
    expect(parseEnv({ ...base, DATA_DIR: dir }).VARIABLES_ENCRYPTION_KEY).toBe(generated);
    // A configured key wins over the file.
    const configured = randomBytes(32).toString('hex');
    expect(parseEnv({ ...base, DATA_DIR: dir, VARIABLES_ENCRYPTION_KEY: configured }).VARIABLES_ENCRYPTION_KEY).toBe(configured);
  });

  it('never replaces a damaged key file (that would lose every secret): it is a configuration problem', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, VARIABLES_KEY_FILE), 'truncated\n');
    const env = parseEnv({ ...base, DATA_DIR: dir });
    expect(() => env.VARIABLES_ENCRYPTION_KEY).toThrow(EnvError);
    expect(() => env.VARIABLES_ENCRYPTION_KEY).toThrow(/VARIABLES_ENCRYPTION_KEY: the key file .* must be 32 bytes/);
    expect(readFileSync(path.join(dir, VARIABLES_KEY_FILE), 'utf8')).toBe('truncated\n');
  });
});
