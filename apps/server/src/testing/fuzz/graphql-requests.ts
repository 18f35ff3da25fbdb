import { entitySchemas } from '@aisle/contracts/entities';
import { makeExecutableSchema } from '@graphql-tools/schema';
import fc from 'fast-check';
import {
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { z } from 'zod';
import { typeDefs } from '../../graphql/type-defs';
import { authorization, signedIn } from './fuzz-credentials';
import type { FuzzRequest } from './fuzz-transport';
import type { FuzzWorld } from './fuzz-world';
import { deepJsonText, hostileValue, mutate, mutation } from './hostile-values';
import { type Hints, type JsonSchema, valueFor } from './json-schema-arbitrary';

/** One root field of the data API: every mutation and query, with the operation it belongs to. */
export interface GraphqlTarget {
  name: string;
  operation: 'mutation' | 'query';
  field: GraphQLField<unknown, unknown>;
}

/** The schema /graphql serves, built from the same SDL without resolvers. */
export function graphqlSchema(): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: typeDefs() });
}

export function graphqlTargets(schema: GraphQLSchema, operations: ('mutation' | 'query')[]): GraphqlTarget[] {
  return operations.flatMap((operation) => {
    const root = operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
    return Object.values(root?.getFields() ?? {}).map((field) => ({ name: `${operation} ${field.name}`, operation, field }));
  });
}

/** Input objects nest (filters hold `and: [filter]`): past this depth only required fields are sent. */
const MAX_INPUT_DEPTH = 3;

const awsJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{', '', 'null', '"x"', '[1,', '{"__proto__":{"x":1}}', '1e999', '{"a":"\\u0000"}', '{"a":"\\ud800"}'),
  },
  // Deep JSON inside a string: the input checks see one string, whatever reads it next sees the depth.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(40, 5_000, 200_000), fc.constantFrom('array' as const, 'object' as const))
      .map(([depth, kind]) => deepJsonText(depth, kind)),
  },
);

/** Text in the form a date field's filter compares against. */
const isoDate = fc
  .date({ noInvalidDate: true, min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') })
  .map((date) => date.toISOString());

/** Well-formed values of each scalar; hostile ones come from the mutations. */
const scalars: Record<string, fc.Arbitrary<unknown>> = {
  String: fc.string({ maxLength: 40 }),
  ID: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  Int: fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom(0, 1, -1, 999, 1000, 1001, 2 ** 31 - 1, -(2 ** 31))),
  Float: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 2, 2.0000001, 1e308, -1e308, 5e-324)),
  Boolean: fc.boolean(),
  AWSJSON: awsJson,
  AWSDateTime: isoDate,
};

/** Where a value goes, for hints: its field or argument name, and the input type or operation holding it. */
interface Place {
  name: string;
  context: string;
  /** The field an operator input hangs off (`createdAt` of `{ createdAt: { gt: … } }`). */
  parent?: string;
}

const contracts = new Map<string, Record<string, JsonSchema> | undefined>();

/**
 * The entity's rules (packages/contracts entities.ts, as JSON schema) behind a `Create…Input` or
 * `Update…Input`: values that pass them reach the database, where the GraphQL types alone
 * (AWSJSON, Float) would mostly be refused by the rules.
 */
function contractOf(inputType: string): Record<string, JsonSchema> | undefined {
  if (!contracts.has(inputType)) {
    const model = /^(?:Create|Update)(\w+)Input$/.exec(inputType)?.[1];
    const schema = model ? entitySchemas[model] : undefined;
    const json = schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
    contracts.set(inputType, json?.properties);
  }
  return contracts.get(inputType);
}

/** Inputs of which a client sets exactly one field (conversation-sdl.ts: one kind of content per block). */
const oneFieldInputs = new Set(['ContentBlockInput', 'ToolResultContentInput']);

/** How often an optional field is sent, against how often it is left out. */
type Inclusion = (field: string) => [sent: number, left: number];

/**
 * Filters and conditions (`Model…Input`) name one or two fields, as clients write them; creates
 * and updates most of theirs, but leave out what the server chooses (a create's id and owner).
 */
function inclusionOf(typeName: string, fieldCount: number): Inclusion {
  if (typeName.startsWith('Model')) return () => [1, Math.max(2, Math.round(fieldCount / 2))];
  if (typeName.startsWith('Create')) return (field) => (field === 'id' || field === 'ownerEmail' ? [1, 15] : [2, 1]);
  if (typeName.startsWith('Update')) return (field) => (field === 'ownerEmail' ? [1, 15] : [2, 1]);
  return () => [1, 1];
}

/** A record whose required fields are always there and each optional one as `inclusion` says. */
function sparseRecord(
  model: Record<string, fc.Arbitrary<unknown>>,
  fields: readonly { name: string; type: GraphQLInputType }[],
  inclusion: Inclusion,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = fields.map(({ name, type }) => {
    const entry = (model[name] as fc.Arbitrary<unknown>).map((value) => [name, value] as const);
    if (isNonNullType(type)) return entry;
    const [sent, left] = inclusion(name);
    return fc.oneof({ weight: sent, arbitrary: entry }, { weight: left, arbitrary: fc.constant(null) });
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== null)));
}

/** A value of an input type. */
function inputValue(type: GraphQLInputType, place: Place, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return typedValue(type.ofType, place, hints, depth);
  return fc.option(typedValue(type, place, hints, depth), { nil: null, freq: 8 });
}

function typedValue(type: GraphQLInputType, place: Place, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return typedValue(type.ofType, place, hints, depth);
  if (isListType(type)) {
    return fc.array(inputValue(type.ofType, place, hints, depth + 1), { maxLength: depth >= MAX_INPUT_DEPTH ? 1 : 3 });
  }
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => value.name));
  if (isInputObjectType(type) && oneFieldInputs.has(type.name)) {
    const fields = Object.values(type.getFields());
    return fc.oneof(
      ...fields.map((field) =>
        typedValue(field.type, { name: field.name, context: type.name }, hints, depth + 1).map((value) => ({ [field.name]: value })),
      ),
    );
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => depth < MAX_INPUT_DEPTH || isNonNullType(field.type));
    const contract = contractOf(type.name);
    const model = Object.fromEntries(
      fields.map((field) => {
        const byType = inputValue(field.type, { name: field.name, context: type.name, parent: place.name }, hints, depth + 1);
        const rule = contract?.[field.name];
        if (!rule || Object.keys(rule).length === 0) return [field.name, byType];
        // AWSJSON travels as JSON text, as Amplify clients send it.
        const json = getNamedType(field.type).name === 'AWSJSON';
        const byContract = valueFor(rule, hints, depth + 1, field.name).map((value) => (json ? JSON.stringify(value) : value));
        return [field.name, fc.oneof({ weight: 6, arbitrary: byContract }, { weight: 1, arbitrary: byType })];
      }),
    );
    return sparseRecord(model, fields, inclusionOf(type.name, fields.length));
  }
  const scalar = scalars[type.name] ?? fc.jsonValue({ maxDepth: 2 });
  // Operators on a date field (`createdAt: { between: […] }`) are typed String: they get dates.
  if (type.name === 'String' && place.parent && /At$/.test(place.parent)) return fc.oneof({ weight: 3, arbitrary: isoDate }, scalar);
  const hinted = hints(place.name, place.context);
  return hinted ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: scalar }) : scalar;
}

/** Every field of the answer two levels down (leaves only at the last), so every resolver and serializer runs. */
export function selectionOf(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named) || !isObjectType(named)) return '';
  const parts: string[] = ['__typename'];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((arg) => isNonNullType(arg.type))) continue;
    const inner = getNamedType(field.type);
    if (isLeafType(inner)) parts.push(field.name);
    else if (depth < 2) parts.push(`${field.name} ${selectionOf(field.type, depth + 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

function documentOf(target: GraphqlTarget): string {
  const { field } = target;
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const head = definitions ? `${target.operation} Fuzz(${definitions})` : `${target.operation} Fuzz`;
  return `${head} { ${field.name}${args ? `(${args})` : ''} ${selectionOf(field.type)} }`;
}

/** Bodies a GraphQL client would never send: broken JSON, wrong shapes, batches, past the body limit. */
const brokenBodies = (query: string) =>
  fc.oneof(
    { weight: 15, arbitrary: smallBrokenBodies(query) },
    // Past GRAPHQL_BODY_LIMIT (8 MB): built when drawn, never kept.
    { weight: 1, arbitrary: fc.constant(9_000_000).map((size) => JSON.stringify({ query, pad: 'p'.repeat(size) })) },
  );

const smallBrokenBodies = (query: string) =>
  fc.constantFrom(
    '{',
    '',
    'null',
    '[]',
    JSON.stringify([{ query }, { query }]),
    JSON.stringify({ query: 5 }),
    JSON.stringify({ query, variables: 'not an object' }),
    JSON.stringify({ query, variables: [] }),
    JSON.stringify({ query, operationName: 'Other' }),
    JSON.stringify({ query: `${query} ${query}` }),
    JSON.stringify({ query: 'mutation { ' }),
    JSON.stringify({ query: '{ __schema { types { name fields { name type { name ofType { name ofType { name } } } } } } }' }),
    JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } }),
    JSON.stringify({ query, extensions: { http: { status: 500 } } }),
    JSON.stringify({ query: `{ ${'a: __typename '.repeat(3_000)} }` }),
  );

/** A JavaScript value as a GraphQL literal of `type` (enums bare, keys that are not names left out). */
function literalOf(type: GraphQLInputType | undefined, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (type && isNonNullType(type)) return literalOf(type.ofType, value);
  if (type && isListType(type)) {
    return Array.isArray(value) ? `[${value.map((item) => literalOf(type.ofType, item)).join(', ')}]` : literalOf(type.ofType, value);
  }
  if (type && isEnumType(type) && typeof value === 'string' && NAME.test(value)) return value;
  if (Array.isArray(value)) return `[${value.map((item) => literalOf(undefined, item)).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = type && isInputObjectType(type) ? type.getFields() : {};
    const entries = Object.entries(value).filter(([key]) => NAME.test(key));
    return `{ ${entries.map(([key, item]) => `${key}: ${literalOf(fields[key]?.type, item)}`).join(', ')} }`;
  }
  // JSON's string escapes are GraphQL's; a lone surrogate stays an escape the parser refuses.
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value === 'number' && !Number.isFinite(value) ? '0' : String(value);
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The operation with its arguments written into the text, as literals, instead of as variables. */
function inlineDocumentOf(target: GraphqlTarget, values: unknown): string {
  const given = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
  const args = target.field.args.filter((arg) => given[arg.name] !== undefined);
  const list = args.map((arg) => `${arg.name}: ${literalOf(arg.type, given[arg.name])}`).join(', ');
  return `${target.operation} { ${target.field.name}${list ? `(${list})` : ''} ${selectionOf(target.field.type)} }`;
}

/** How an operation travels: a JSON POST (variables, or literals in the text), or a GET's query string. */
type Sent = { method: 'POST' | 'GET'; text?: string; query?: string; note: string };

function sentAs(target: GraphqlTarget, query: string, values: unknown, note: string): fc.Arbitrary<Sent> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant<Sent>({ method: 'POST', text: JSON.stringify({ query, variables: values }), note }) },
    {
      weight: 2,
      arbitrary: fc.constant<Sent>({
        method: 'POST',
        text: JSON.stringify({ query: inlineDocumentOf(target, values) }),
        note: `${note}, inline`,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant<Sent>({
        method: 'GET',
        query: `?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(values) ?? '')}`,
        note: `${note}, GET`,
      }),
    },
  );
}

/** Requests running one operation: well-formed variables, hostile ones, broken bodies, as any caller. */
export function graphqlRequests(target: GraphqlTarget, world: FuzzWorld, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const query = documentOf(target);
  const variableModel = Object.fromEntries(
    target.field.args.map((arg) => [arg.name, inputValue(arg.type, { name: arg.name, context: target.field.name }, hints, 0)]),
  );
  // A mutation's condition is rare in clients; a list's filter, limit and page are common.
  const variables = sparseRecord(variableModel, target.field.args, (name) => (name === 'condition' ? [1, 4] : [1, 1]));
  const hostileBody: fc.Arbitrary<Sent> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(variables, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .chain(([value, changes]) => sentAs(target, query, mutate(value, changes), `mutated (${changes.map((c) => c.kind).join(', ')})`)),
    },
    { weight: 1, arbitrary: variables.chain((value) => sentAs(target, query, value, 'well-formed')) },
    { weight: 1, arbitrary: hostileValue.chain((value) => sentAs(target, query, value, 'any variables')) },
    { weight: 1, arbitrary: brokenBodies(query).map((text): Sent => ({ method: 'POST', text, note: 'broken body' })) },
  );
  const contentType = fc.oneof(
    { weight: 10, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom('application/graphql-response+json', 'text/plain', 'application/x-www-form-urlencoded', '') },
  );
  const hostile = fc.tuple(hostileBody, authorization(world), contentType);
  // A third as a client that follows the schema sends them: the owner's (or staff's) token, JSON.
  const wellFormed = fc.tuple(
    variables.chain((value) => sentAs(target, query, value, 'well-formed')),
    signedIn(world),
    fc.constant('application/json'),
  );
  return fc.oneof({ weight: 1, arbitrary: wellFormed }, { weight: 2, arbitrary: hostile }).map(([sent, auth, type]) => ({
    method: sent.method,
    url: `/graphql${sent.query ?? ''}`,
    headers: { ...auth, ...(type && sent.text !== undefined ? { 'content-type': type } : {}) },
    body: sent.text,
    note: `${target.name}: ${sent.note}`,
  }));
}
