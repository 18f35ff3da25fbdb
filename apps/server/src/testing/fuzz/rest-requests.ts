import fc from 'fast-check';
import { authorization, signedIn } from './fuzz-credentials';
import type { FuzzRequest } from './fuzz-transport';
import type { FuzzWorld } from './fuzz-world';
import { binaryBody, brokenJsonBody, hostileValue, mutate, mutation, REST_BODY_LIMIT } from './hostile-values';
import { type Hints, type JsonSchema, valueFor } from './json-schema-arbitrary';
import { rawBody, type Sent, wellFormedRawBody } from './request-bodies';
import type { RestTarget } from './rest-targets';

const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=fuzz',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'application/octet-stream',
      ';;;',
    ),
  },
);

/** A URL-encoded part; text that is not Unicode is sent as the bytes it would have been. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.toWellFormed())}%ED%A0%80`;
  }
}

/** Path segments sent as they are: badly encoded, climbing up, too long for the router. */
const rawSegment = fc.constantFrom('%', '%zz', '%00', '..', '%2e%2e%2f%2e%2e', 'a%2Fb', '%ED%A0%80', '%FF%FE', 'x'.repeat(600), '');

function pathOf(target: RestTarget, params: Record<string, unknown>, raw: string | null): string {
  return target.path.replace(/\{(\w+)\}/g, (_, name: string) => raw ?? encode(params[name] ?? ''));
}

function queryOf(query: unknown, extra: string | null): string {
  const pairs: string[] = [];
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value)) for (const item of value) pairs.push(`${encode(key)}=${encode(item)}`);
      else if (value !== undefined) pairs.push(`${encode(key)}=${encode(value)}`);
    }
  }
  if (extra !== null) pairs.push(extra);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const rawQuery = fc.constantFrom('%', 'page=%ZZ', 'page[]=1', 'page[a]=1', '&&&=', '=', 'page=1&page=2', `page=${'9'.repeat(400)}`);

/** A JSON value for the route: well-formed, then often made hostile. */
function jsonValue(schema: JsonSchema, hints: Hints): fc.Arbitrary<{ value: unknown; note: string }> {
  const shaped = valueFor(schema, hints);
  return fc.oneof(
    { weight: 4, arbitrary: shaped.map((value) => ({ value, note: 'well-formed' })) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(shaped, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([value, changes]) => ({ value: mutate(value, changes), note: `mutated (${changes.map((c) => c.kind).join(', ')})` })),
    },
    { weight: 1, arbitrary: hostileValue.map((value) => ({ value, note: 'any value' })) },
  );
}

/** A JSON route's body: JSON of a hostile value, broken JSON, bytes, or nothing. */
function jsonBody(schema: JsonSchema, hints: Hints): fc.Arbitrary<Sent> {
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .tuple(jsonValue(schema, hints), contentTypes)
        .map(([{ value, note }, contentType]) => ({ body: JSON.stringify(value) ?? '', contentType, note })),
    },
    { weight: 1, arbitrary: brokenJsonBody.map((body) => ({ body, contentType: 'application/json', note: 'broken JSON' })) },
    { weight: 1, arbitrary: binaryBody.map((body) => ({ body, contentType: 'application/json', note: 'bytes' })) },
    { weight: 1, arbitrary: fc.constant({ body: undefined, contentType: 'application/json', note: 'no body' }) },
    // Well-formed JSON around the body limit.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(REST_BODY_LIMIT - 100, REST_BODY_LIMIT + 1, 3 * REST_BODY_LIMIT)
        .map((size) => ({ body: JSON.stringify({ pad: 'p'.repeat(size) }), contentType: 'application/json', note: `${size} bytes` })),
    },
  );
}

const NO_SCHEMA: JsonSchema = { type: 'object', properties: {} };

/** `value` one time in ten, `otherwise` the rest. */
const rarely = <T, U>(value: fc.Arbitrary<T>, otherwise: U) =>
  fc.oneof({ weight: 1, arbitrary: value }, { weight: 9, arbitrary: fc.constant(otherwise) });

/** Requests to one route: a third well-formed from a signed-in account, the rest hostile in any part. */
export function restRequests(target: RestTarget, world: FuzzWorld, worldHints: Hints): fc.Arbitrary<FuzzRequest> {
  // A bare `id` is the id of what the route is about (`/api/assistant/delete/`: an assistant).
  const hints: Hints = (name, context) => worldHints(name, context ?? target.path);
  const request = (parts: fc.Arbitrary<[string, Sent, Record<string, string>, string | undefined]>) =>
    parts.map(([path, { body, contentType, note }, auth, accept]): FuzzRequest => {
      const headers: Record<string, string> = { ...auth };
      if (contentType && body !== undefined) headers['content-type'] = contentType;
      if (accept) headers.accept = accept;
      return { method: target.method, url: path, headers, body, note: `${target.name}: ${note || 'no body'}` };
    });
  return fc.oneof(
    { weight: 1, arbitrary: request(wellFormedParts(target, world, hints)) },
    { weight: 2, arbitrary: request(hostileParts(target, world, hints)) },
  );
}

const takesBody = (method: string) => !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method);

/** Signed upload URLs only work as issued: the upload route gets them as they are half of the time. */
function withKnownUrls(target: RestTarget, world: FuzzWorld, url: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const known = target.path.startsWith('/api/files/upload/') ? world.uploadUrls : [];
  return known.length ? fc.oneof(url, fc.constantFrom(...known)) : url;
}

/** What a client that follows the contract sends: valid values, JSON, the owner's (or staff's) token. */
function wellFormedParts(target: RestTarget, world: FuzzWorld, hints: Hints) {
  const url = fc
    .tuple(valueFor(target.params ?? NO_SCHEMA, hints), target.query ? valueFor(target.query, hints) : fc.constant({}))
    .map(([params, query]) => pathOf(target, params as Record<string, unknown>, null) + queryOf(query, null));
  let body: fc.Arbitrary<Sent> = fc.constant({ contentType: '', note: 'well-formed' });
  if (takesBody(target.method) && target.body) {
    body = valueFor(target.body, hints).map((value) => ({
      body: JSON.stringify(value),
      contentType: 'application/json',
      note: 'well-formed',
    }));
  } else if (takesBody(target.method)) {
    body = wellFormedRawBody(target.path, hints);
  }
  return fc.tuple(withKnownUrls(target, world, url), body, signedIn(world), fc.constantFrom(undefined, 'text/event-stream'));
}

/** Anything: hostile values in the path, the query, the body, its type and the credentials. */
function hostileParts(target: RestTarget, world: FuzzWorld, hints: Hints) {
  const body: fc.Arbitrary<Sent> = !takesBody(target.method)
    ? fc.constant({ contentType: '', note: '' })
    : target.body
      ? jsonBody(target.body, hints)
      : rawBody(hints);
  const url = fc
    .tuple(
      jsonValue(target.params ?? NO_SCHEMA, hints),
      // A route without a query string gets one now and then.
      target.query ? jsonValue(target.query, hints) : rarely(jsonValue(NO_SCHEMA, hints), { value: {}, note: '' }),
      rarely(rawSegment, null),
      rarely(rawQuery, null),
    )
    .map(([params, query, raw, extra]) => {
      const values = (params.value && typeof params.value === 'object' ? params.value : {}) as Record<string, unknown>;
      return pathOf(target, values, raw) + queryOf(query.value, extra);
    });
  const accept = fc.constantFrom(undefined, undefined, undefined, 'text/event-stream', 'application/json', '*/*');
  return fc.tuple(withKnownUrls(target, world, url), body, authorization(world), accept);
}
