import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed download links (a notification's `presignedGet`), in the shape object storage uses: an
 * expiry and a signature in the query. The signature covers the export's id, its owner and the
 * expiry, so a link opens only that owner's file, only until it expires. The key is derived from
 * JWT_SECRET (as the upload links'), under its own label, so one kind of link never passes for the other.
 */
export function createDownloadSigner(secret: string) {
  const key = createHmac('sha256', secret).update('aisle:export-download').digest();
  const sign = (exportId: string, ownerEmail: string, expires: number) =>
    createHmac('sha256', key).update(`${exportId}\u0000${ownerEmail}\u0000${expires}`).digest('base64url');
  return {
    query(exportId: string, ownerEmail: string, expiresAtMs: number): string {
      const expires = Math.floor(expiresAtMs / 1000);
      return `expires=${expires}&signature=${sign(exportId, ownerEmail, expires)}`;
    },
    /** True when the signature is ours, for this owner's export, and not expired. */
    verify(exportId: string, ownerEmail: string, expires: number, signature: string, nowMs = Date.now()): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 < nowMs) return false;
      const expected = Buffer.from(sign(exportId, ownerEmail, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type DownloadSigner = ReturnType<typeof createDownloadSigner>;
