import { describe, expect, it } from 'vitest';
import { meanOf, ndcgAtK, recallAtK } from './retrieval-metrics';

const rel = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('ndcgAtK', () => {
  it('is 1 for the ideal order and 0 when nothing relevant is retrieved', () => {
    expect(ndcgAtK(['a', 'b', 'c'], rel({ a: 2, b: 1 }), 10)).toBe(1);
    expect(ndcgAtK(['x', 'y'], rel({ a: 1 }), 10)).toBe(0);
    expect(ndcgAtK(['a'], rel({}), 10)).toBe(0);
  });

  it('discounts by log2 of the rank', () => {
    // One relevant passage at rank 2: DCG = 1 / log2(3), ideal = 1.
    expect(ndcgAtK(['x', 'a'], rel({ a: 1 }), 10)).toBeCloseTo(1 / Math.log2(3), 10);
  });

  it('uses exponential gain for graded labels', () => {
    // Ranked b (rel 1), a (rel 2): DCG = 1 + 3/log2(3) = 2.892789; ideal = 3 + 1/log2(3) = 3.630930.
    expect(ndcgAtK(['b', 'a'], rel({ a: 2, b: 1 }), 10)).toBeCloseTo(2.892789 / 3.63093, 5);
  });

  it('only looks at the first k', () => {
    // a at rank 3 falls outside k = 2; the ideal DCG@2 still counts both relevant passages.
    expect(ndcgAtK(['x', 'b', 'a'], rel({ a: 1, b: 1 }), 2)).toBeCloseTo(1 / Math.log2(3) / (1 + 1 / Math.log2(3)), 10);
  });
});

describe('recallAtK', () => {
  it('is the share of relevant passages in the first k', () => {
    expect(recallAtK(['a', 'x', 'b', 'c'], rel({ a: 1, b: 2, c: 1, d: 1 }), 3)).toBe(0.5);
    expect(recallAtK(['a', 'b'], rel({ a: 1, b: 1 }), 5)).toBe(1);
  });

  it('ignores zero labels and is 0 with nothing relevant', () => {
    expect(recallAtK(['a'], rel({ a: 1, z: 0 }), 5)).toBe(1);
    expect(recallAtK(['a'], rel({}), 5)).toBe(0);
  });
});

describe('meanOf', () => {
  it('averages, and is 0 for no values', () => {
    expect(meanOf([1, 0.5, 0])).toBe(0.5);
    expect(meanOf([])).toBe(0);
  });
});
