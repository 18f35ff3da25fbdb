import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed upload URLs, in the shape object storage uses (an expiry and a signature in the query),
 * served on our own origin. The key is derived from JWT_SECRET, so no extra secret to manage.
 */
export function createUploadSigner(secret: string) {
  const key = createHmac('sha256', secret).update('aisle:file-upload').digest();
  const sign = (fileId: string, expires: number) => createHmac('sha256', key).update(`${fileId}.${expires}`).digest('base64url');
  return {
    urlFor(fileId: string, expiresAtMs: number): string {
      const expires = Math.floor(expiresAtMs / 1000);
      return `/api/files/upload/${fileId}/?expires=${expires}&signature=${sign(fileId, expires)}`;
    },
    /** True when the signature is ours and not expired. */
    verify(fileId: string, expires: number, signature: string, nowMs = Date.now()): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 < nowMs) return false;
      const expected = Buffer.from(sign(fileId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type UploadSigner = ReturnType<typeof createUploadSigner>;
