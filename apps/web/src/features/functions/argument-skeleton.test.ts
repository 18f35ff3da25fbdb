import { describe, expect, it } from 'vitest';
import { argumentSkeleton, exampleValue } from './argument-skeleton';

describe('the test arguments skeleton', () => {
  it.each([
    ['a string', { type: 'string' }, ''],
    ['an e-mail', { type: 'string', format: 'email' }, 'name@example.com'],
    ['a date', { type: 'string', format: 'date' }, '2025-01-31'],
    ['a number', { type: 'number' }, 0],
    ['an integer with a minimum', { type: 'integer', minimum: 1 }, 1],
    ['a boolean', { type: 'boolean' }, false],
    ['an enum', { type: 'string', enum: ['small', 'large'] }, 'small'],
    ['a default over an enum', { type: 'string', enum: ['small', 'large'], default: 'large' }, 'large'],
    ['an example', { type: 'string', examples: ['SKU-1'] }, 'SKU-1'],
    ['a const', { const: 'fixed' }, 'fixed'],
    ['a nullable string', { type: ['null', 'string'] }, ''],
    ['the first non-null anyOf', { anyOf: [{ type: 'null' }, { type: 'number' }] }, 0],
    ['an array of strings', { type: 'array', items: { type: 'string' } }, ['']],
    ['an array without items', { type: 'array' }, []],
    ['an object', { type: 'object', properties: { qty: { type: 'integer' } } }, { qty: 0 }],
    ['no type at all', {}, null],
    ['not a schema', 'string', null],
  ])('gives %s an example value', (_name, schema, expected) => {
    expect(exampleValue(schema)).toEqual(expected);
  });

  it('fills every property of the parameters, nested ones included', () => {
    const parameters = {
      type: 'object',
      properties: {
        orderNumber: { type: 'string', description: 'Order number, like #1001' },
        email: { type: 'string', format: 'email' },
        includeItems: { type: 'boolean', default: true },
        address: { type: 'object', properties: { country: { type: 'string', enum: ['TH', 'US'] } } },
      },
      required: ['orderNumber'],
    };
    expect(argumentSkeleton(parameters)).toEqual({
      orderNumber: '',
      email: 'name@example.com',
      includeItems: true,
      address: { country: 'TH' },
    });
  });

  it('is empty when the parameters have no properties', () => {
    expect(argumentSkeleton(null)).toEqual({});
    expect(argumentSkeleton({ type: 'object' })).toEqual({});
  });

  it('stops on a schema that refers to itself', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).child = node;
    expect(() => argumentSkeleton(node)).not.toThrow();
  });
});
