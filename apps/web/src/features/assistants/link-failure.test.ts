import { missingVariablesText } from '@aisle/contracts/functions';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { linkFailureText, missingVariableNames, requiredVariablesOf } from './link-failure';

const refusal = (names: string[]) => new ApiError(400, { detail: missingVariablesText(names), code: 'missing_variables' });

describe('a refused link', () => {
  it('reads the variables template-add/ asks for from its refusal, in the contracts’ words', () => {
    expect(missingVariableNames(refusal(['SUPPORT_EMAIL']))).toEqual(['SUPPORT_EMAIL']);
    expect(missingVariableNames(refusal(['SHIPPING_POLICY', 'RETURNS_POLICY']))).toEqual(['SHIPPING_POLICY', 'RETURNS_POLICY']);
    expect(missingVariableNames(new ApiError(400, { detail: 'Template not found.' }))).toEqual([]);
    expect(missingVariableNames(new ApiError(0, null))).toEqual([]);
  });

  it('says why, as the server wrote it, instead of “please try again”', () => {
    expect(linkFailureText(refusal(['SUPPORT_EMAIL']))).toBe('Set the variable SUPPORT_EMAIL before adding this template.');
    expect(linkFailureText(new ApiError(404, { detail: 'Template not found.' }))).toBe('Template not found.');
    expect(linkFailureText(new Error('offline'))).toBe('Please try again.');
  });

  it('reads a template’s required variables from the data API’s JSON text, skipping malformed entries', () => {
    expect(requiredVariablesOf(JSON.stringify([{ name: 'API_KEY', description: 'The key.', secret: true }, { nope: 1 }]))).toEqual([
      { name: 'API_KEY', description: 'The key.', secret: true },
    ]);
    expect(requiredVariablesOf('not json')).toEqual([]);
  });
});
