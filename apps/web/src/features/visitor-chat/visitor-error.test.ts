import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { shareProblemOf } from './share-problem';
import { busyRetryDelaySeconds, visitorTurnError } from './visitor-error';

describe('the visitor’s error texts', () => {
  it('says what to do for throttling, an unavailable assistant and a lost connection', () => {
    expect(visitorTurnError(new ApiError(429, { detail: 'Request was throttled. Expected available in 12 seconds.' }))).toEqual({
      code: 'rate_limited',
      detail: 'You’re sending messages a little too fast. Please wait a moment, then try again. (about 12 s)',
      retryable: true,
    });
    expect(visitorTurnError(new ApiError(402, { detail: 'This assistant is resting.', code: 'unavailable' }))).toMatchObject({
      code: 'unavailable',
      detail: 'This assistant is resting.',
    });
    expect(visitorTurnError(new ApiError(0, null))).toMatchObject({ code: 'network', retryable: true });
    expect(visitorTurnError(new ApiError(503, null))).toMatchObject({ code: 'server', retryable: true });
  });

  it('does not offer a retry for a link that stopped working', () => {
    expect(visitorTurnError(new ApiError(410, { detail: 'Gone off.', code: 'inactive' }))).toEqual({
      code: 'inactive',
      detail: 'Gone off.',
      retryable: false,
    });
  });

  it('reads the link problem from 404/410 answers, with the contract’s text as fallback', () => {
    expect(shareProblemOf(new ApiError(410, { code: 'expired' }))?.detail).toBe('This chat link has expired. Ask the shop for a new one.');
    expect(shareProblemOf(new ApiError(404, null))?.code).toBe('not_found');
    expect(shareProblemOf(new ApiError(500, null))).toBeNull();
    expect(shareProblemOf(new Error('x'))).toBeNull();
  });

  it('waits the server’s Retry-After, spread a little, before asking again when it is busy or restarting', () => {
    const busy = (code: string, retryAfter?: string) =>
      new ApiError(503, { detail: 'x', code }, undefined, new Headers(retryAfter ? { 'retry-after': retryAfter } : {}));
    expect(busyRetryDelaySeconds(busy('busy', '3'), () => 0)).toBe(3);
    expect(busyRetryDelaySeconds(busy('busy', '3'), () => 0.5)).toBe(4);
    expect(busyRetryDelaySeconds(busy('restarting', '5'), () => 0)).toBe(5);
    expect(busyRetryDelaySeconds(busy('busy'), () => 0)).toBe(2);
    expect(busyRetryDelaySeconds(busy('busy', '3600'), () => 0)).toBe(30);
    // Anything else is an error the visitor sees.
    expect(busyRetryDelaySeconds(new ApiError(503, null))).toBeNull();
    expect(busyRetryDelaySeconds(new ApiError(429, { code: 'throttled' }))).toBeNull();
    expect(busyRetryDelaySeconds(new Error('x'))).toBeNull();
  });
});
