import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { GraphQLRequestError } from '@/lib/graphql-client';
import { apiErrorText, fieldErrorPaths } from './api-error-text';

describe('store and file error texts', () => {
  it('prefers the detail, then the first field error, then the fallback', () => {
    expect(apiErrorText(new ApiError(404, { detail: 'Store not found.' }), 'x')).toBe('Store not found.');
    expect(apiErrorText(new ApiError(400, { files: ['big.pdf: This file is larger than the 20 MB limit.'] }), 'x')).toBe(
      'big.pdf: This file is larger than the 20 MB limit.',
    );
    expect(apiErrorText(new ApiError(400, { files: { 0: { fileName: ['Enter a valid file name.'] } } }), 'x')).toBe(
      'Enter a valid file name.',
    );
    expect(apiErrorText(new ApiError(413, null), 'Upload failed.')).toBe('Upload failed.');
    expect(apiErrorText(new Error('boom'), 'Upload failed.')).toBe('Upload failed.');
  });

  it('uses the generic texts for network and server failures', () => {
    expect(apiErrorText(new ApiError(0, null), 'x')).toBe('A network error has occurred.');
    // Spec §8: a 500 is the generic text, whatever its body says.
    expect(apiErrorText(new ApiError(500, { detail: 'TypeError: cannot read x' }), 'x')).toBe(
      'Internal server error. Please try again later.',
    );
    // A proxy's 502/503/504 page (HTML, not the server's JSON) and a detail-less 5xx: the generic text too.
    expect(apiErrorText(new ApiError(502, '<html><h1>502 Bad Gateway</h1></html>'), 'x')).toBe(
      'Internal server error. Please try again later.',
    );
    expect(apiErrorText(new ApiError(503, null), 'x')).toBe('Internal server error. Please try again later.');
    expect(apiErrorText(new ApiError(504, { detail: '' }), 'x')).toBe('Internal server error. Please try again later.');
    expect(apiErrorText(new ApiError(507, { detail: 'Disk full.' }), 'x')).toBe('Internal server error. Please try again later.');
  });

  it('shows what the server says when a provider it depends on is down (502, 503, 504 with a detail)', () => {
    expect(apiErrorText(new ApiError(502, { detail: 'LINE could not be reached. Try again in a moment.' }), 'x')).toBe(
      'LINE could not be reached. Try again in a moment.',
    );
    expect(apiErrorText(new ApiError(503, { detail: 'LINE could not be reached. Try again in a moment.' }), 'x')).toBe(
      'LINE could not be reached. Try again in a moment.',
    );
    expect(apiErrorText(new ApiError(504, { detail: 'Facebook could not be reached. Try again in a moment.' }), 'x')).toBe(
      'Facebook could not be reached. Try again in a moment.',
    );
  });

  it('reads GraphQL errors', () => {
    expect(apiErrorText(new GraphQLRequestError([{ message: 'Unauthorized' }], null), 'x')).toBe('Unauthorized');
  });

  it('lists field errors of a 400 by field', () => {
    expect(fieldErrorPaths(new ApiError(400, { name: ['This field may not be blank.'], detail: 'no' }))).toEqual({
      name: 'This field may not be blank.',
    });
    expect(fieldErrorPaths(new ApiError(409, { name: ['taken'] }))).toEqual({});
  });
});
