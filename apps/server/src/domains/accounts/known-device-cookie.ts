/**
 * How the known-device marker (known-device.ts) travels: an HttpOnly cookie scoped to the token
 * route, so scripts never read it and no other request carries it. A year long: it is what keeps
 * the owner's own clients signing in while strangers are throttled.
 */
export const KNOWN_DEVICE_COOKIE = 'aisle_device';
const ONE_YEAR_SECONDS = 365 * 86_400;

export function knownDeviceCookie(value: string, options: { secure: boolean }): string {
  const attributes = [`Max-Age=${ONE_YEAR_SECONDS}`, 'Path=/api/token/', 'HttpOnly', 'SameSite=Strict'];
  if (options.secure) attributes.push('Secure');
  return [`${KNOWN_DEVICE_COOKIE}=${value}`, ...attributes].join('; ');
}

/** One cookie's value from a Cookie header (markers are base64url and dots: nothing to decode). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
