import { describe, expect, it } from 'vitest';
import { recheckDelay } from './use-share-recheck';

describe('asking whether a turned-off link is back', () => {
  it('waits 3 s, doubling, up to 30 s, with jitter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 10].map((attempt) => recheckDelay(attempt, middle))).toEqual([3000, 6000, 12000, 24000, 30000, 30000]);
    expect(recheckDelay(0, () => 0)).toBe(2400);
    expect(recheckDelay(5, () => 1)).toBe(36000);
  });
});
