import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { decodeVariablesKey } from './encryption-key';

/**
 * Sealing of secret variable values: AES-256-GCM with a fresh 12-byte IV per value, stored as
 * `v1:<base64 iv>:<base64 tag>:<base64 ciphertext>`. The version prefix lets a later format or key
 * rotation tell old values apart. The row (owner e-mail and id) is the additional authenticated
 * data, so a ciphertext copied into another row or another user's row fails to open.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The row a sealed value belongs to. */
export interface SealBinding {
  ownerEmail: string;
  id: string;
}

/** A sealed value that cannot be opened. Its message never holds the value or the key. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** The key bytes of a VARIABLES_ENCRYPTION_KEY string (already validated by env.ts). */
export function secretBoxKey(text: string): Buffer {
  const key = decodeVariablesKey(text);
  if (!key) throw new SecretBoxError('The variables encryption key is not 32 bytes of base64 or hex.');
  return key;
}

// NUL cannot occur in an e-mail address or a UUID, so distinct rows never share an AAD.
const aad = ({ ownerEmail, id }: SealBinding) => Buffer.from(`${ownerEmail}\u0000${id.toLowerCase()}`, 'utf8');

export function sealSecret(key: Buffer, plaintext: string, binding: SealBinding): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(binding));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
}

export function openSecret(key: Buffer, sealed: string, binding: SealBinding): string {
  const parts = parseSealed(sealed);
  if (!parts) throw new SecretBoxError('The stored secret is not in the v1 format.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, parts.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(binding));
    decipher.setAuthTag(parts.tag);
    return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    // OpenSSL's own message says nothing useful; the cause (wrong key, moved or altered row) is one of these.
    throw new SecretBoxError('The stored secret cannot be decrypted: the key changed, or the row was altered or copied.');
  }
}

/**
 * GCM keeps the length, so an empty secret has an empty ciphertext part: emptiness is visible
 * without the key (as the length of any secret is), which lets `missingVariables` skip decryption.
 */
export function isSealedEmpty(sealed: string): boolean {
  return parseSealed(sealed)?.ciphertext.length === 0;
}

function parseSealed(sealed: string) {
  const parts = sealed.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) return undefined;
  const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
  if (!parts.every((part, index) => index === 0 || base64.test(part))) return undefined;
  const [, iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, 'base64'));
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) return undefined;
  return { iv, tag, ciphertext };
}
