import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UserRepresentation } from '@aisle/contracts/accounts';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { avatarDirectory, avatarUrl } from './avatar-files';
import { loadActiveUser } from './load-active-user';
import { updateAvatar } from './update-avatar';

/**
 * Raster formats every browser shows. SVG is left out on purpose: served from our origin it could
 * carry script.
 */
const ALLOWED_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);

export const INVALID_IMAGE_MESSAGE = 'Upload a valid image. The file you uploaded was not a PNG, JPEG, WebP or GIF image.';

export function avatarTooLargeError(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The avatar image is too large: the limit is ${formatBytes(maxBytes)}.`);
}

export interface UploadAvatarInput {
  db: Db;
  env: Env;
  userId: string;
  bytes: Buffer;
}

/**
 * Stores an uploaded avatar under a fresh name and makes it the user's avatar. The type comes from
 * the bytes, never from the client's file name or content type, and decides the extension the
 * file is served with.
 */
export async function uploadAvatar({ db, env, userId, bytes }: UploadAvatarInput): Promise<UserRepresentation> {
  await loadActiveUser({ db, userId });
  if (bytes.length > env.AVATAR_MAX_BYTES) throw avatarTooLargeError(env.AVATAR_MAX_BYTES);
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const extension = detected && ALLOWED_TYPES.get(detected.mime);
  if (!extension) throw AppError.fields({ avatar: [INVALID_IMAGE_MESSAGE] });

  const directory = avatarDirectory(env);
  const fileName = `${randomUUID()}.${extension}`;
  const file = path.join(directory, fileName);
  await mkdir(directory, { recursive: true });
  await writeFile(file, bytes, { flag: 'wx' });
  try {
    return await updateAvatar({ db, env, userId, avatarUrl: avatarUrl(env, fileName) });
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576 && bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
