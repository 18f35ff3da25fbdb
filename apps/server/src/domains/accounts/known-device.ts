import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../data-api/model-fields';

/**
 * The "known device" marker: a long-lived value, signed with the server's secret, that a client
 * gets with a successful sign-in and sends with later ones (the `aisle_device` cookie, which
 * browsers and REST clients with a cookie jar keep by themselves). It names a device and the
 * account it signed in to; with it, that account's sign-ins are throttled on their own
 * (login-throttle.ts), so strangers guessing the password cannot lock the owner out.
 */
export interface KnownDevice {
  deviceId: string;
  userId: string;
}

const signature = (secret: string, deviceId: string, userId: string) =>
  createHmac('sha256', secret).update(`known-device|${deviceId}|${userId}`).digest('base64url');

export function signKnownDevice(secret: string, userId: string, deviceId: string = randomUUID()): string {
  return `${deviceId}.${userId}.${signature(secret, deviceId, userId)}`;
}

/** The device and account of a marker, or null for anything not signed by us. */
export function readKnownDevice(secret: string, marker: string | undefined): KnownDevice | null {
  const [deviceId, userId, sent, ...rest] = (marker ?? '').split('.');
  if (rest.length || !isUuid(deviceId) || !isUuid(userId) || !sent) return null;
  const expected = Buffer.from(signature(secret, deviceId, userId));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { deviceId, userId } : null;
}
