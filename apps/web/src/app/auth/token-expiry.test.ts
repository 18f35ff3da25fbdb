import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { isTokenExpired } from './token-expiry';

const now = 1_800_000_000_000;
const expIn = (seconds: number) => fakeJwt({ exp: now / 1000 + seconds });

describe('access token expiry (spec §5: under 10 s left, no exp, or undecodable)', () => {
  it('accepts a token with 10 seconds or more left', () => {
    expect(isTokenExpired(expIn(10), now)).toBe(false);
    expect(isTokenExpired(expIn(11), now)).toBe(false);
    expect(isTokenExpired(expIn(300), now)).toBe(false);
  });

  it('treats a token with less than 10 seconds left as expired', () => {
    expect(isTokenExpired(expIn(9), now)).toBe(true);
    expect(isTokenExpired(expIn(0), now)).toBe(true);
    expect(isTokenExpired(expIn(-60), now)).toBe(true);
  });

  it('treats a token without exp, with a non-numeric exp, or that cannot be decoded as expired', () => {
    expect(isTokenExpired(fakeJwt({ sub: 'x' }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: 'tomorrow' }), now)).toBe(true);
    expect(isTokenExpired('not-a-jwt', now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
    expect(isTokenExpired(null, now)).toBe(true);
  });
});
