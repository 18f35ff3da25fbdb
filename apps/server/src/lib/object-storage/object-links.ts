import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The disk's stand-in for presigned URLs: links to the server's own `/api/objects/<key>` route
 * (http/object-link-routes.ts), with an expiry and a signature in the query as a bucket's are.
 * The signature covers the method, the key, the expiry and what the link fixes (a download's name
 * and type, an upload's length and type), so no part can be changed. The key is derived from
 * JWT_SECRET under its own label: no extra secret, and no other kind of link passes for one.
 */
export interface ObjectLink {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds. */
  expires: number;
  /** GET: the download's file name. */
  name?: string;
  /** PUT: the exact number of bytes taken. */
  length?: number;
  type?: string;
}

export const OBJECT_LINK_PATH = '/api/objects/';

export function createObjectLinkSigner(secret: string) {
  const key = createHmac('sha256', secret).update('aisle:object-link').digest();
  const sign = (link: ObjectLink) =>
    createHmac('sha256', key)
      .update([link.method, link.key, link.expires, link.name ?? '', link.length ?? '', link.type ?? ''].join('\u0000'))
      .digest('base64url');
  return {
    /** The link's path and query (the caller puts its origin in front). */
    pathFor(link: ObjectLink): string {
      const query = new URLSearchParams({ expires: String(link.expires) });
      if (link.name !== undefined) query.set('name', link.name);
      if (link.length !== undefined) query.set('length', String(link.length));
      if (link.type !== undefined) query.set('type', link.type);
      query.set('signature', sign(link));
      return `${OBJECT_LINK_PATH}${link.key}?${query}`;
    },
    /** True when the signature is ours for exactly this link and it has not expired. */
    verify(link: ObjectLink, signature: string, nowMs = Date.now()): boolean {
      if (!Number.isSafeInteger(link.expires) || link.expires * 1000 < nowMs) return false;
      const expected = Buffer.from(sign(link));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type ObjectLinkSigner = ReturnType<typeof createObjectLinkSigner>;
