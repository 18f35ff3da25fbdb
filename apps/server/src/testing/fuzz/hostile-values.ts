import fc from 'fast-check';

/**
 * Values a client should never send, mixed into every generated request: text Postgres cannot
 * store or that is not Unicode, text far past every field's bound (within the body limit and over
 * it), numbers at and past the edges of JavaScript, SQL and JSON, wrong types, and values nested
 * deeper than any walker should recurse.
 */

/** The default REST body limit (env BODY_LIMIT); huge values are sized around it. */
export const REST_BODY_LIMIT = 1_048_576;

/** Text of `length` characters, built at once (fast-check would take seconds to build it). */
const repeated = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** Bad text: refused by the input checks, or stored as sent, never a 500. */
export const badText: fc.Arbitrary<string> = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfff',
  'ok\ud83d',
  '\udc00\ud800',
  '\u202eevil\u202c',
  '\ufeff',
  '\u200b\u200d',
  'e\u0301\u0301\u0301\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀👩‍👩‍👧',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  '%s%s%s%n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection is the point of this value.
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x7fffffff',
  '99999999999999999999999999',
  '',
  ' ',
  '\t\r\n',
  '\u00a0',
  '0000-00-00T00:00:00Z',
  '2024-02-30T25:61:61Z',
  '9999-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  'local:',
  'openai:gpt-4.1',
  'anthropic:claude-haiku-4-5',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'data:text/html,<b>x</b>',
);

/** Text past a field's bound but within the body limit, or past the body limit itself. */
export const hugeText: fc.Arbitrary<string> = fc
  .constantFrom(257, 4_097, 16_001, 32_001, 100_001, 900_000, 1_200_000, 3_000_000)
  .chain((length) => fc.constantFrom('x', 'é', '😀', 'a\u0000').map((unit) => repeated(unit, length)));

/** Any text: random, bad, or (rarely) huge. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: badText },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeText },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53) - 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    1e-7,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/**
 * Arrays or objects nested `depth` deep: over the input checks' bound, or far over it. Deeper ones
 * are sent as JSON text (`deepJsonText`): serialising them here would overflow this side's stack.
 */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(31, 33, 200, 1_000), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => nested(depth, kind));

/** JSON text nested `depth` deep, built without recursion. */
export const deepJsonText = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Wide values: many items or keys. */
export const wideValue: fc.Arbitrary<unknown> = fc.constantFrom(
  Array.from({ length: 10_000 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])),
  Array.from({ length: 1_000 }, () => ({ a: 'x' })),
);

/** A key an object should not have: prototype pollution attempts, bad text, plain unknown names. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'ownerEmail', 'isStaff', 'is_staff', 'id', 'createdAt', 'a\u0000', '\ud800'),
  fc.string({ maxLength: 12 }),
);

/** Any hostile value, of any type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [null], { '': null }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: wideValue },
);

/** One change that turns a well-formed value into a hostile one. */
export interface Mutation {
  kind: 'replace' | 'remove' | 'add' | 'wrap';
  /** Picks the place in the value (modulo the number of places). */
  at: number;
  value: unknown;
  key: string;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('replace', 'replace', 'replace', 'remove', 'add', 'wrap'),
  at: fc.nat(),
  value: hostileValue,
  key: hostileKey,
});

type Place = { parent: Record<string | number, unknown> | unknown[]; key: string | number };

function placesOf(value: unknown): Place[] {
  const places: Place[] = [];
  const stack = [value];
  while (stack.length && places.length < 500) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    for (const key of Object.keys(current)) {
      const index = Array.isArray(current) ? Number(key) : key;
      places.push({ parent: current as Record<string, unknown>, key: index });
      stack.push((current as Record<string, unknown>)[key]);
    }
  }
  return places;
}

/** Applies mutations to a copy of `value` (the root itself is replaced when it has no places). */
export function mutate(value: unknown, mutations: Mutation[]): unknown {
  let root = structuredClone(value);
  for (const { value: drawn, ...change } of mutations) {
    // Drawn values may be shared constants: each place gets its own copy, so nothing becomes circular.
    const inserted = structuredClone(drawn);
    const places = placesOf(root);
    const place = places[change.at % Math.max(places.length, 1)];
    if (!place || change.kind === 'wrap') {
      root = change.kind === 'wrap' ? [root] : inserted;
      continue;
    }
    const parent = place.parent as Record<string | number, unknown>;
    if (change.kind === 'replace') parent[place.key] = inserted;
    else if (change.kind === 'remove') {
      if (Array.isArray(parent)) parent.splice(place.key as number, 1);
      else delete parent[place.key];
    } else if (!Array.isArray(parent)) {
      // Defined as an own property, so `__proto__` is sent as a key rather than setting the prototype.
      Object.defineProperty(parent, change.key, { value: inserted, enumerable: true, writable: true, configurable: true });
    } else parent.push(inserted);
  }
  return root;
}

/** JSON bodies no serialiser would produce. */
export const brokenJsonBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '}',
    'null',
    'true',
    '0',
    '"text"',
    '[]',
    '[{}]',
    '{"__proto__":{"isStaff":true,"is_staff":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    '{"temperature":1e309}',
    '{"limit":-0}',
    '\ufeff{}',
    '{"x":"\\u0000"}',
    '{"x":"\\ud800"}',
    '{"x":"\\uZZZZ"}',
    "{'single':'quotes'}",
    '{"a":1,}',
    'NaN',
  ),
  fc
    .tuple(fc.constantFrom(5_000, 100_000), fc.constantFrom('array' as const, 'object' as const))
    .map(([depth, kind]) => deepJsonText(depth, kind)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Bodies that are not UTF-8 text at all. */
export const binaryBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('{"x":"\xff\xfe"}', 'latin1'), Buffer.from([0xed, 0xa0, 0x80])),
);
