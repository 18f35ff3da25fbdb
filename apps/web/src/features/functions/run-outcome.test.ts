import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { argumentErrors, formatDuration } from './run-outcome';

describe('a run’s outcome', () => {
  it.each([
    [0.4, '0 ms'],
    [12, '12 ms'],
    [999.4, '999 ms'],
    [1500, '1.5 s'],
  ])('shows %d ms as “%s”', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('reads argument errors, whole or per argument', () => {
    expect(argumentErrors(new ApiError(400, { args: ['Must be an object.'] }))).toEqual(['Must be an object.']);
    expect(argumentErrors(new ApiError(400, { args: { orderNumber: ['Required.'] } }))).toEqual(['orderNumber: Required.']);
  });

  it('leaves other failures to the result panel', () => {
    expect(argumentErrors(new ApiError(400, { detail: 'This function has no code yet.' }))).toEqual([]);
    expect(argumentErrors(new ApiError(500, { args: ['x'] }))).toEqual([]);
    expect(argumentErrors(new Error('offline'))).toEqual([]);
  });
});
