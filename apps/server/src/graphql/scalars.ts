import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';
import { isStorableDate } from '../data-api/model-fields';

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
 * inside. A raw object sent as a variable is accepted too.
 */
export const AWSJSON = new GraphQLScalarType({
  name: 'AWSJSON',
  serialize(value) {
    return JSON.stringify(value);
  },
  parseValue(value) {
    return typeof value === 'string' ? parseJson(value) : value;
  },
  parseLiteral(ast, variables) {
    if (ast.kind === Kind.STRING) return parseJson(ast.value);
    return valueFromASTUntyped(ast, variables);
  },
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new GraphQLError('Invalid AWSJSON: not valid JSON');
  }
}
