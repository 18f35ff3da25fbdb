import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './use-visitor-events';

describe('reconnecting the live stream', () => {
  it('backs off from 1 s, doubling, up to 30 s, with jitter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => reconnectDelay(attempt, middle))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });
});
