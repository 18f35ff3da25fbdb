import { randomUUID } from 'node:crypto';
import { AVATAR_IMAGE_TYPES, avatarTooLargeMessage, INVALID_AVATAR_IMAGE_MESSAGE, isAvatarImageType } from '@aisle/contracts/avatars';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import { avatarKey, avatarUrl } from './avatar-files';

/**
 * Checking and storing an uploaded avatar image, shared by a user's avatar and an assistant's
 * pictures. The type comes from the bytes, never from the client's file name or content type, and
 * decides the extension the file is served with.
 */

export interface CheckedAvatarImage {
  bytes: Buffer;
  extension: (typeof AVATAR_IMAGE_TYPES)[keyof typeof AVATAR_IMAGE_TYPES];
}

export interface StoredAvatarImage {
  /** The URL the image is served at, on our own origin. */
  url: string;
  /** Deletes the file again, for a caller whose later step failed. */
  discard: () => Promise<void>;
}

export function avatarTooLargeError(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', avatarTooLargeMessage(maxBytes));
}

/** 413 over AVATAR_MAX_BYTES; a 400 on the `avatar` field unless the bytes are a PNG, JPEG, WebP or GIF. */
export async function checkAvatarImage(env: Env, bytes: Buffer): Promise<CheckedAvatarImage> {
  if (bytes.length > env.AVATAR_MAX_BYTES) throw avatarTooLargeError(env.AVATAR_MAX_BYTES);
  const detected = bytes.length > 0 ? await (await import('file-type')).fileTypeFromBuffer(bytes) : undefined;
  if (!detected || !isAvatarImageType(detected.mime)) throw AppError.fields({ avatar: [INVALID_AVATAR_IMAGE_MESSAGE] });
  return { bytes, extension: AVATAR_IMAGE_TYPES[detected.mime] };
}

/** Stores a checked image under a fresh name (a random UUID: never one already taken), on disk or in the bucket. */
export async function storeAvatarImage(
  { env, storage }: { env: Env; storage: ObjectStorage },
  image: CheckedAvatarImage,
): Promise<StoredAvatarImage> {
  const fileName = `${randomUUID()}.${image.extension}`;
  const key = avatarKey(fileName);
  await storage.put(key, image.bytes, { contentType: AVATAR_CONTENT_TYPES[image.extension] });
  return { url: avatarUrl(env, fileName), discard: () => storage.remove(key) };
}

/** The content type each stored extension is served with. */
export const AVATAR_CONTENT_TYPES: Record<CheckedAvatarImage['extension'], string> = Object.fromEntries(
  Object.entries(AVATAR_IMAGE_TYPES).map(([type, extension]) => [extension, type]),
) as Record<CheckedAvatarImage['extension'], string>;
