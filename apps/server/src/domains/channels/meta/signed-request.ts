import { createHmac, timingSafeEqual } from 'node:crypto';

/** The payload of Meta's `signed_request` (data deletion and deauthorize callbacks). */
export interface SignedRequestPayload {
  algorithm: string;
  /** The app-scoped id of the person the request is about. */
  user_id: string;
  issued_at?: number;
}

const base64Url = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

/**
 * `signed_request` = base64url(signature) "." base64url(payload), the signature an HMAC-SHA256 of
 * the payload part with the app secret (Meta's "parse a signed request"). Null unless it is signed
 * by this app, names its algorithm as HMAC-SHA256 and names a person.
 */
export function parseSignedRequest(appSecret: string, signedRequest: string | undefined): SignedRequestPayload | null {
  if (!signedRequest || signedRequest.length > 10_000) return null;
  const [signaturePart, payloadPart, extra] = signedRequest.split('.');
  if (!signaturePart || !payloadPart || extra !== undefined) return null;
  const expected = createHmac('sha256', appSecret).update(payloadPart).digest();
  const signature = base64Url(signaturePart);
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(base64Url(payloadPart).toString('utf8'));
  } catch {
    return null;
  }
  const { algorithm, user_id: userId } = (payload ?? {}) as Partial<SignedRequestPayload>;
  if (typeof algorithm !== 'string' || algorithm.toUpperCase() !== 'HMAC-SHA256') return null;
  if (typeof userId !== 'string' || !userId || userId.length > 200) return null;
  return payload as SignedRequestPayload;
}
