import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('human file sizes', () => {
  it('shows bytes below a kilobyte', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('uses one decimal under 10 of a unit and whole numbers above', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 + 300)).toBe('20 KB');
    expect(formatBytes(5.25 * 1024 * 1024)).toBe('5.3 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('carries into the next unit rather than showing 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('treats missing or odd values as nothing', () => {
    expect(formatBytes(null)).toBe('0 B');
    expect(formatBytes(undefined)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});
