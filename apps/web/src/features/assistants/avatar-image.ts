import { AVATAR_IMAGE_TYPES, DEFAULT_AVATAR_MAX_BYTES, formatByteSize, isAvatarImageType } from '@aisle/contracts/avatars';
import { i18n } from '@/i18n/i18n';

/** The file picker's `accept`: the formats the server stores. */
export const AVATAR_ACCEPT = Object.keys(AVATAR_IMAGE_TYPES).join(',');

/** "PNG, JPEG, WebP or GIF, up to 2 MB": what the upload button takes, in the interface's language. */
export const avatarUploadHint = () => i18n.t('assistants:avatar.formats', { size: formatByteSize(DEFAULT_AVATAR_MAX_BYTES) });

/** The same hint in English, as the product texts give it. */
export const AVATAR_UPLOAD_HINT = `PNG, JPEG, WebP or GIF, up to ${formatByteSize(DEFAULT_AVATAR_MAX_BYTES)}`;

/**
 * Why the server would refuse this file, in its words (in the interface's language), or null to send it. The limit is the
 * server's default; an installation configured otherwise still answers with its own 413 message,
 * which the form shows as it is. A file the browser cannot type (no extension) is left to the
 * server, which reads the type from the bytes.
 */
export function avatarFileProblem(file: { type: string; size: number }, maxBytes = DEFAULT_AVATAR_MAX_BYTES): string | null {
  if (file.type !== '' && !isAvatarImageType(file.type)) return i18n.t('assistants:avatar.invalidImage');
  if (file.size === 0) return i18n.t('assistants:avatar.invalidImage');
  if (file.size > maxBytes) return i18n.t('assistants:avatar.tooLarge', { limit: formatByteSize(maxBytes) });
  return null;
}

/** Up to two capitals for a picture-less avatar: "Shop helper" → "SH", "aisle" → "A", "" → "". */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  // By code point, so an emoji or accented capital is not cut in half.
  return letters.map((word) => Array.from(word ?? '')[0]?.toLocaleUpperCase() ?? '').join('');
}

/** Whole percent of an upload sent, 0–100; 0 while the size is unknown. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}
