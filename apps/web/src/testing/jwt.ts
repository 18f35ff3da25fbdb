/** An unsigned JWT-shaped token with the given claims: the client only reads `exp` (spec §3). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const tokenExpiringIn = (seconds: number, nowMs = Date.now()) => fakeJwt({ exp: Math.floor(nowMs / 1000) + seconds });
