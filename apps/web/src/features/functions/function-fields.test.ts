import { functionStatuses } from '@aisle/contracts/functions';
import { describe, expect, it } from 'vitest';
import { definitionOf, parametersOf, variablesOf } from './function-fields';
import { canFix, functionStatusInfo, violationReasons } from './function-status';

const parameters = { type: 'object', properties: { q: { type: 'string' } } };

describe('reading a function’s JSON fields', () => {
  it.each([
    ['JSON text (data API)', '["SHOP_TOKEN","API_KEY"]', ['SHOP_TOKEN', 'API_KEY']],
    ['an array (REST)', ['SHOP_TOKEN'], ['SHOP_TOKEN']],
    ['nothing', null, []],
    ['broken text', '["SHOP', []],
    ['not a list', '{"a":1}', []],
  ])('reads variables given as %s', (_shape, variables, expected) => {
    expect(variablesOf({ variables })).toEqual(expected);
  });

  it.each([
    ['JSON text', JSON.stringify({ name: 'x', parameters }), { name: 'x', parameters }],
    ['an object', { name: 'x' }, { name: 'x' }],
    ['empty text', '', null],
    ['a list', '[1]', null],
  ])('reads a definition given as %s', (_shape, functionAssistantDefinition, expected) => {
    expect(definitionOf({ functionAssistantDefinition })).toEqual(expected);
  });

  it.each([
    ['OpenAI', { type: 'function', function: { name: 'x', parameters } }],
    ['bare', { name: 'x', parameters }],
    ['Anthropic', { name: 'x', input_schema: parameters }],
  ])('finds the parameters of the %s shape', (_shape, definition) => {
    expect(parametersOf(definition)).toEqual(parameters);
  });
});

describe('statuses in plain words', () => {
  it('has a label for every status of the contract, and one for none', () => {
    expect(functionStatuses.map((status) => functionStatusInfo(status).label)).toEqual([
      'No code yet',
      'Code has errors',
      'Breaks rules',
      'Ready',
      'Last run failed',
    ]);
    expect(functionStatusInfo(null).label).toBe('Not checked');
  });

  it('offers Fix for code with errors and failed runs only', () => {
    expect(functionStatuses.filter(canFix)).toEqual(['invalid', 'failed']);
  });

  it('splits the reasons for a violation by line', () => {
    expect(violationReasons('Reads process.env.\n\n  Calls eval.  \n')).toEqual(['Reads process.env.', 'Calls eval.']);
    expect(violationReasons(null)).toEqual([]);
  });
});
