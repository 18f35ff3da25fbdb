/**
 * Uploaded avatar images (a user's own, an assistant's and its visitors'): the formats and limit
 * the server enforces, and its messages, so the web app can check a file before sending it and
 * say exactly what the server would.
 */

/**
 * Raster formats every browser shows, with the extension the server stores each under. SVG is
 * left out on purpose: served from our origin it could carry script.
 */
export const AVATAR_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type AvatarImageType = keyof typeof AVATAR_IMAGE_TYPES;

/** The server's default AVATAR_MAX_BYTES (2 MB); an installation may configure another. */
export const DEFAULT_AVATAR_MAX_BYTES = 2_097_152;

export const INVALID_AVATAR_IMAGE_MESSAGE = 'Upload a valid image. The file you uploaded was not a PNG, JPEG, WebP or GIF image.';
export const NO_AVATAR_FILE_MESSAGE = 'No file was submitted.';
/** A body that says it is multipart/form-data but cannot be read as one (cut short, no boundary). */
export const MALFORMED_UPLOAD_MESSAGE = 'Multipart form parse error: the upload is not a complete multipart/form-data body.';

export function avatarTooLargeMessage(maxBytes: number): string {
  return `The avatar image is too large: the limit is ${formatByteSize(maxBytes)}.`;
}

export function isAvatarImageType(type: string): type is AvatarImageType {
  return Object.hasOwn(AVATAR_IMAGE_TYPES, type);
}

/** "2 MB", "4 KB", "1500 bytes": a limit as the messages spell it. */
export function formatByteSize(bytes: number): string {
  if (bytes >= 1_048_576 && bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
