import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR holding the generated key when VARIABLES_ENCRYPTION_KEY is not set. */
export const VARIABLES_KEY_FILE = 'variables-encryption-key';

export const variablesKeyRule = 'must be 32 bytes as base64 or 64 hex characters';

/** The 32 key bytes of VARIABLES_ENCRYPTION_KEY (base64, base64url or hex), or undefined when it is not one. */
export function decodeVariablesKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  // 32 bytes are 43 base64 characters and one "=" of padding (optional). 64 hex characters would
  // decode as 48 bytes of base64, so the two forms never overlap.
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return Buffer.from(value, 'base64');
  return undefined;
}

/**
 * Without VARIABLES_ENCRYPTION_KEY a random key is generated once and kept in DATA_DIR (like the
 * JWT secret), so embedded installs need no setup and secrets stay readable across restarts.
 * Unlike the JWT secret, an unreadable key file is never replaced: a new key would make every
 * stored secret undecryptable, so that is a configuration problem for the operator to fix.
 */
export function loadOrCreateVariablesKey(dataDir: string): { key: string } | { problem: string } {
  const file = path.join(dataDir, VARIABLES_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing !== undefined) return keyOrProblem(existing, file);
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  try {
    // `wx`: when two processes start on one DATA_DIR at once, the second keeps the first's key.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return { key };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return keyOrProblem(readKeyFile(file) ?? '', file);
  }
}

function readKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function keyOrProblem(text: string, file: string): { key: string } | { problem: string } {
  if (decodeVariablesKey(text)) return { key: text };
  return { problem: `VARIABLES_ENCRYPTION_KEY: the key file ${file} ${variablesKeyRule}; restore it or set VARIABLES_ENCRYPTION_KEY` };
}
