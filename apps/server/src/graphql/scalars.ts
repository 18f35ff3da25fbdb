import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';
import { isStorableDate } from '../data-api/model-fields';
import { findInputProblem } from '../lib/input-sanity';

/** AWSDateTime: ISO 8601 date-time strings on the wire, Dates inside. */
export const AWSDateTime = new GraphQLScalarType({
  name: 'AWSDateTime',
  serialize(value) {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') return value;
    throw new GraphQLError('AWSDateTime cannot represent this value');
  },
  parseValue(value) {
    return toDate(value);
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('AWSDateTime must be a string');
    return toDate(ast.value);
  },
});

function toDate(value: unknown): Date {
  const date = new Date(typeof value === 'string' ? value : Number.NaN);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value) || !isStorableDate(date)) {
    throw new GraphQLError(`Invalid AWSDateTime: ${JSON.stringify(value)?.slice(0, 60)}`);
  }
  return date;
}

/**
 * AWSJSON: JSON-encoded strings on the wire (as Amplify clients send and expect); parsed values
 * inside. A raw object sent as a variable is accepted too. What the JSON holds is checked like any
 * other input (lib/input-sanity.ts): the text is one string to the checks of the operation, so a
 * NUL or a value nested thousands deep inside it would otherwise reach whatever serialises it next
 * (the database driver's JSON.stringify overflowed its stack: a 500 found by the fuzz campaign).
 */
export const AWSJSON = new GraphQLScalarType({
  name: 'AWSJSON',
  serialize(value) {
    return JSON.stringify(value);
  },
  parseValue(value) {
    return checked(typeof value === 'string' ? parseJson(value) : value);
  },
  parseLiteral(ast, variables) {
    if (ast.kind === Kind.STRING) return checked(parseJson(ast.value));
    // graphql-js builds an object literal without a prototype, which the database driver cannot
    // handle (it reads `constructor`: a 500 found by the fuzz campaign); JSON makes it an ordinary
    // value, as a variable's would be. The check bounds its depth first.
    return JSON.parse(JSON.stringify(checked(valueFromASTUntyped(ast, variables))));
  },
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new GraphQLError('Invalid AWSJSON: not valid JSON');
  }
}

function checked(value: unknown): unknown {
  const problem = findInputProblem(value);
  if (problem) throw new GraphQLError(`Invalid AWSJSON${problem.path.length ? ` at "${problem.path.join('.')}"` : ''}: ${problem.message}`);
  return value;
}
