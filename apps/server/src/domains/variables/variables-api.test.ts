import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VARIABLE_VALUE_MAX_LENGTH, VARIABLES_PAGE_SIZE } from '@aisle/contracts/functions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { variables } from '../../db/schema/variables';
import { parseEnv } from '../../env';
import { createEventBus } from '../../lib/event-bus';
import { closeServices, createServices } from '../../services';
import { type TestViewer, viewerToken } from '../../testing/graphql-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createScratchDatabase, redisUrl, scaled, uniqueChannelPrefix } from '../../testing/test-backend';
import { missingVariables, readVariableValues, UnreadableVariablesError } from './read-variables';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function call(app: FastifyInstance, viewer: TestViewer | null, method: Method, url: string, payload?: unknown) {
  const res = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: viewer ? { authorization: `Bearer ${viewer.access}` } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read by path, then asserted.
  return { status: res.statusCode, body: (res.body ? res.json() : null) as any };
}

const MASK = '••••••••';
const LONG_SECRET = 'sk_live_51HxQ9f3a9';
const notFound = { detail: 'Not found.' };

describe('variables API', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  const api = (viewer: TestViewer | null, method: Method, url: string, payload?: unknown) => call(t.app, viewer, method, url, payload);
  const raw = async (id: string) => (await t.services.db.select().from(variables).where(eq(variables.id, id)))[0];
  const rowsOf = (email: string) => t.services.db.select().from(variables).where(eq(variables.ownerEmail, email));
  const read = (email: string, names: string[]) => readVariableValues(t.services.db, t.services.env.VARIABLES_ENCRYPTION_KEY, email, names);
  const create = async (viewer: TestViewer, body: object) => {
    const res = await api(viewer, 'POST', '/api/variables/', body);
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as { id: string; name: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
  });
  afterAll(() => t.close());

  describe('round trips', () => {
    it('creates, reads, lists, replaces, patches and deletes a plain variable', async () => {
      const created = await api(alice, 'POST', '/api/variables/', { name: 'SHOP_NAME', value: 'Alpine Gear' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'SHOP_NAME',
        value: 'Alpine Gear',
        secret: false,
        maskedValue: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const id = created.body.id;
      expect((await raw(id))?.value).toBe('Alpine Gear');

      expect((await api(alice, 'GET', `/api/variables/${id}/`)).body).toEqual(created.body);
      const list = await api(alice, 'GET', '/api/variables/');
      expect(list.body.results.map((v: { id: string }) => v.id)).toContain(id);

      const put = await api(alice, 'PUT', `/api/variables/${id}/`, { name: 'STORE_NAME', value: 'Alpine Gear Ltd', secret: false });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        id,
        name: 'STORE_NAME',
        value: 'Alpine Gear Ltd',
        secret: false,
        createdAt: created.body.createdAt,
      });

      const patch = await api(alice, 'PATCH', `/api/variables/${id}/`, { value: '' });
      expect(patch.status).toBe(200);
      expect(patch.body).toMatchObject({ id, name: 'STORE_NAME', value: '', secret: false });

      const deleted = await api(alice, 'DELETE', `/api/variables/${id}/`);
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBeNull();
      expect(await raw(id)).toBeUndefined();
      expect(await api(alice, 'GET', `/api/variables/${id}/`)).toEqual({ status: 404, body: notFound });
      expect(await api(alice, 'DELETE', `/api/variables/${id}/`)).toEqual({ status: 404, body: notFound });
    });

    it('trims names, defaults secret to false, and takes the owner from the token, not the body', async () => {
      const res = await api(alice, 'POST', '/api/variables/', {
        name: '  TRIMMED ',
        value: ' kept as typed ',
        ownerEmail: 'bob@shop.test',
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'TRIMMED', value: ' kept as typed ', secret: false });
      expect(res.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
      expect((await raw(res.body.id))?.ownerEmail).toBe(alice.email);
    });

    it('accepts the answer of GET sent back as a PUT body (its extra fields are ignored)', async () => {
      const { id } = await create(alice, { name: 'ECHOED', value: 'one' });
      const got = (await api(alice, 'GET', `/api/variables/${id}/`)).body;
      const res = await api(alice, 'PUT', `/api/variables/${id}/`, { ...got, value: 'two', id: 'something-else', ownerEmail: bob.email });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, value: 'two' });
      expect((await raw(id))?.ownerEmail).toBe(alice.email);
    });
  });

  it('documents every call in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/variables/'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/variables/{id}/'])).toEqual(expect.arrayContaining(['get', 'put', 'patch', 'delete']));
    const put = doc.paths['/api/variables/{id}/'].put;
    expect(put.security).toEqual([{ bearerAuth: [] }]);
    expect(put.requestBody.content['application/json'].schema.required).toEqual(['name', 'value', 'secret']);
  });

  describe('secrets', () => {
    it('never answers a secret’s value: create, get, list, put and patch all mask it', async () => {
      const created = await api(alice, 'POST', '/api/variables/', { name: 'STRIPE_KEY', value: LONG_SECRET, secret: true });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'STRIPE_KEY',
        value: null,
        secret: true,
        maskedValue: '••••••••f3a9',
      });
      const id = created.body.id;

      const answers = [
        created,
        await api(alice, 'GET', `/api/variables/${id}/`),
        await api(alice, 'GET', '/api/variables/'),
        await api(alice, 'PATCH', `/api/variables/${id}/`, { name: 'STRIPE_SECRET_KEY' }),
        await api(alice, 'PUT', `/api/variables/${id}/`, { name: 'STRIPE_SECRET_KEY', value: `${LONG_SECRET}-v2`, secret: true }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200 + (answer === created ? 1 : 0));
        expect(JSON.stringify(answer.body)).not.toContain('sk_live');
      }
      expect(answers[3]?.body).toMatchObject({ name: 'STRIPE_SECRET_KEY', secret: true, value: null, maskedValue: '••••••••f3a9' });
      expect(answers[4]?.body.maskedValue).toBe('••••••••9-v2');
      expect(await read(alice.email, ['STRIPE_SECRET_KEY'])).toEqual({ STRIPE_SECRET_KEY: `${LONG_SECRET}-v2` });
    });

    it('stores secrets encrypted: the raw row is a v1 ciphertext, different each time for the same value', async () => {
      const first = await create(alice, { name: 'TOKEN_A', value: LONG_SECRET, secret: true });
      const second = await create(alice, { name: 'TOKEN_B', value: LONG_SECRET, secret: true });
      const [a, b] = [await raw(first.id), await raw(second.id)];
      for (const row of [a, b]) {
        expect(row?.value.startsWith('v1:')).toBe(true);
        expect(row?.value).not.toContain(LONG_SECRET);
        expect(row?.value).not.toContain(Buffer.from(LONG_SECRET).toString('base64').slice(0, 12));
      }
      expect(a?.value).not.toBe(b?.value);
    });

    it('shows the last four characters only of secrets of 12 characters or more', async () => {
      const cases: [string, string][] = [
        ['', MASK],
        ['abc', MASK],
        ['eleven-char', MASK],
        ['twelve-chars', `${MASK}hars`],
        ['clé-secrète-😀😀', `${MASK}e-😀😀`],
      ];
      for (const [index, [value, masked]] of cases.entries()) {
        const res = await api(alice, 'POST', '/api/variables/', { name: `MASKED_${index}`, value, secret: true });
        expect(res.body).toMatchObject({ value: null, maskedValue: masked });
      }
    });

    it('needs the value again to make a secret plain, and seals a plain value made secret', async () => {
      const { id } = await create(alice, { name: 'WEBHOOK_SECRET', value: LONG_SECRET, secret: true });
      const before = await raw(id);

      const refused = await api(alice, 'PATCH', `/api/variables/${id}/`, { secret: false });
      expect(refused).toEqual({ status: 400, body: { value: ['Enter the value again to make this variable not secret.'] } });
      const refusedRename = await api(alice, 'PATCH', `/api/variables/${id}/`, { name: 'RENAMED', secret: false });
      expect(refusedRename.status).toBe(400);
      // PUT is the full body: without `secret` it is refused, not taken as a plain value.
      const putWithoutSecret = await api(alice, 'PUT', `/api/variables/${id}/`, { name: 'WEBHOOK_SECRET', value: `${LONG_SECRET}-new` });
      expect(putWithoutSecret).toEqual({ status: 400, body: { secret: ['This field is required.'] } });
      expect(await raw(id)).toEqual(before);

      const plain = await api(alice, 'PATCH', `/api/variables/${id}/`, { secret: false, value: 'now-public' });
      expect(plain.body).toMatchObject({ secret: false, value: 'now-public', maskedValue: null });
      expect((await raw(id))?.value).toBe('now-public');

      const sealed = await api(alice, 'PATCH', `/api/variables/${id}/`, { secret: true });
      expect(sealed.body).toMatchObject({ secret: true, value: null, maskedValue: MASK });
      expect((await raw(id))?.value).toMatch(/^v1:/);
      expect(await read(alice.email, ['WEBHOOK_SECRET'])).toEqual({ WEBHOOK_SECRET: 'now-public' });
    });

    it('binds a ciphertext to its row: copied to another row or user it no longer opens', async () => {
      const source = await create(alice, { name: 'BOUND_SOURCE', value: LONG_SECRET, secret: true });
      const target = await create(alice, { name: 'BOUND_TARGET', value: 'other-secret-value', secret: true });
      const bobs = await create(bob, { name: 'BOUND_SOURCE', value: 'bobs-own-secret-value', secret: true });
      const sealed = (await raw(source.id))?.value as string;
      await t.services.db.update(variables).set({ value: sealed }).where(eq(variables.id, target.id));
      await t.services.db.update(variables).set({ value: sealed }).where(eq(variables.id, bobs.id));

      // The REST answers stay usable (the value is never shown anyway), without any characters.
      expect(await api(alice, 'GET', `/api/variables/${target.id}/`)).toMatchObject({ status: 200, body: { maskedValue: MASK } });
      expect((await api(bob, 'GET', '/api/variables/')).body.results[0]).toMatchObject({ name: 'BOUND_SOURCE', maskedValue: MASK });

      // The sandbox read refuses, naming the variable and nothing of its value.
      const failure = await read(alice.email, ['BOUND_SOURCE', 'BOUND_TARGET']).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UnreadableVariablesError);
      expect((failure as UnreadableVariablesError).names).toEqual(['BOUND_TARGET']);
      expect((failure as Error).message).toContain('BOUND_TARGET');
      expect((failure as Error).message).not.toContain(LONG_SECRET);
      await expect(read(bob.email, ['BOUND_SOURCE'])).rejects.toThrow(UnreadableVariablesError);
      expect(await read(alice.email, ['BOUND_SOURCE'])).toEqual({ BOUND_SOURCE: LONG_SECRET });

      // Entering the value again repairs it.
      await api(alice, 'PATCH', `/api/variables/${target.id}/`, { value: 'repaired-secret-value' });
      expect(await read(alice.email, ['BOUND_TARGET'])).toEqual({ BOUND_TARGET: 'repaired-secret-value' });
    });
  });

  describe('names', () => {
    it('keeps names unique per owner on create, put and patch, and lets other owners reuse them', async () => {
      const duplicate = { status: 400, body: { name: ['You already have a variable with this name.'] } };
      const { id } = await create(alice, { name: 'UNIQUE_NAME', value: '1' });
      const other = await create(alice, { name: 'OTHER_NAME', value: '2' });
      const count = (await rowsOf(alice.email)).length;

      expect(await api(alice, 'POST', '/api/variables/', { name: ' UNIQUE_NAME ', value: '3', secret: true })).toEqual(duplicate);
      expect(await api(alice, 'PUT', `/api/variables/${other.id}/`, { name: 'UNIQUE_NAME', value: '3', secret: false })).toEqual(duplicate);
      expect(await api(alice, 'PATCH', `/api/variables/${other.id}/`, { name: 'UNIQUE_NAME' })).toEqual(duplicate);
      expect((await rowsOf(alice.email)).length).toBe(count);
      expect((await raw(other.id))?.name).toBe('OTHER_NAME');

      // Its own name is not a duplicate; names are case-sensitive, as code reads them.
      expect((await api(alice, 'PUT', `/api/variables/${id}/`, { name: 'UNIQUE_NAME', value: '4', secret: false })).status).toBe(200);
      expect((await api(alice, 'POST', '/api/variables/', { name: 'unique_name', value: '5' })).status).toBe(201);
      expect((await api(bob, 'POST', '/api/variables/', { name: 'UNIQUE_NAME', value: '6' })).status).toBe(201);
    });

    it('creates only one of several simultaneous variables with the same name', async () => {
      // Open the pool's connections first: then, on Postgres without the owner lock, several pass
      // the name check together (tried: 4 to 10 rows).
      if (t.services.database.kind === 'postgres')
        await Promise.all(Array.from({ length: 10 }, () => t.services.db.execute(sql`SELECT pg_sleep(0.05)`)));
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => api(alice, 'POST', '/api/variables/', { name: 'RACED', value: `${i}` })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400).map((a) => a.body)).toEqual(
        Array(9).fill({ name: ['You already have a variable with this name.'] }),
      );
      expect((await rowsOf(alice.email)).filter((row) => row.name === 'RACED')).toHaveLength(1);
    });
  });

  describe('paging', () => {
    it('pages the owner’s variables newest first, with absolute links, like DRF', async () => {
      const carol = await viewerToken(t, 'carol@shop.test');
      const base = Date.UTC(2025, 0, 1);
      await t.services.db.insert(variables).values(
        Array.from({ length: VARIABLES_PAGE_SIZE + 2 }, (_, i) => ({
          ownerEmail: carol.email,
          name: `V_${i}`,
          value: `${i}`,
          createdAt: new Date(base + i * 1000),
        })),
      );
      const first = await api(carol, 'GET', '/api/variables/');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ count: VARIABLES_PAGE_SIZE + 2, next: 'http://aisle.test/api/variables/?page=2', previous: null });
      expect(first.body.results).toHaveLength(VARIABLES_PAGE_SIZE);
      expect(first.body.results[0].name).toBe(`V_${VARIABLES_PAGE_SIZE + 1}`);

      const second = await api(carol, 'GET', '/api/variables/?page=2');
      expect(second.body).toMatchObject({ count: VARIABLES_PAGE_SIZE + 2, next: null, previous: 'http://aisle.test/api/variables/' });
      expect(second.body.results.map((v: { name: string }) => v.name)).toEqual(['V_1', 'V_0']);
      expect((await api(carol, 'GET', '/api/variables/?page=last')).body).toEqual(second.body);

      for (const page of ['3', '0', '-1', 'abc', '1.5', '']) {
        expect(await api(carol, 'GET', `/api/variables/?page=${page}`)).toEqual({ status: 404, body: { detail: 'Invalid page.' } });
      }
    });

    it('answers an empty first page to a new owner, and 404 past it', async () => {
      const dave = await viewerToken(t, 'dave@shop.test');
      expect(await api(dave, 'GET', '/api/variables/')).toEqual({
        status: 200,
        body: { count: 0, next: null, previous: null, results: [] },
      });
      expect((await api(dave, 'GET', '/api/variables/?page=2')).status).toBe(404);
    });
  });

  describe('isolation and access', () => {
    it('answers 404 to another user for every call, changes nothing, and lists nothing of the owner’s', async () => {
      const erin = await viewerToken(t, 'erin@shop.test');
      const { id } = await create(alice, { name: 'ALICE_ONLY', value: LONG_SECRET, secret: true });
      const before = await raw(id);
      const url = `/api/variables/${id}/`;
      expect(await api(erin, 'GET', url)).toEqual({ status: 404, body: notFound });
      expect(await api(erin, 'PUT', url, { name: 'TAKEN', value: 'x', secret: false })).toEqual({ status: 404, body: notFound });
      expect(await api(erin, 'PATCH', url, { secret: false, value: 'x' })).toEqual({ status: 404, body: notFound });
      expect(await api(erin, 'DELETE', url)).toEqual({ status: 404, body: notFound });
      expect(await raw(id)).toEqual(before);
      expect((await api(erin, 'GET', '/api/variables/')).body).toMatchObject({ count: 0, results: [] });
      expect(await read(erin.email, ['ALICE_ONLY'])).toEqual({});
    });

    it('answers 401 to every call without a valid token', async () => {
      const { id } = await create(alice, { name: 'NEEDS_AUTH', value: 'x' });
      const unauthenticated = { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' };
      const calls: [Method, string, unknown?][] = [
        ['GET', '/api/variables/'],
        ['POST', '/api/variables/', { name: 'X', value: 'y' }],
        ['GET', `/api/variables/${id}/`],
        ['PUT', `/api/variables/${id}/`, { name: 'X', value: 'y' }],
        ['PATCH', `/api/variables/${id}/`, { value: 'y' }],
        ['DELETE', `/api/variables/${id}/`],
        ['POST', '/api/variables/', 'not json'],
      ];
      for (const [method, url, body] of calls) expect(await api(null, method, url, body)).toEqual({ status: 401, body: unauthenticated });
      const forged = { ...alice, access: `${alice.access.slice(0, -4)}AAAA` };
      expect((await api(forged, 'GET', '/api/variables/')).status).toBe(401);
      expect((await raw(id))?.value).toBe('x');
    });
  });

  describe('bad input', () => {
    const tooLong = 'x'.repeat(VARIABLE_VALUE_MAX_LENGTH + 1);
    // Complete but for the one fault each names, so PUT (which needs all three fields) sees only that fault.
    const invalidBodies: [string, unknown, Record<string, unknown>][] = [
      ['missing name', { value: 'v', secret: false }, { name: ['This field is required.'] }],
      ['blank name', { name: '   ', value: 'v', secret: false }, { name: expect.arrayContaining(['This field may not be blank.']) }],
      [
        'name with a hyphen',
        { name: 'MY-KEY', value: 'v', secret: false },
        { name: [expect.stringMatching(/letters, digits and underscores/)] },
      ],
      [
        'name starting with a digit',
        { name: '1KEY', value: 'v', secret: false },
        { name: [expect.stringMatching(/not starting with a digit/)] },
      ],
      [
        'name too long',
        { name: 'N'.repeat(65), value: 'v', secret: false },
        { name: ['Ensure this field has no more than 64 characters.'] },
      ],
      ['missing value', { name: 'OK_NAME', secret: false }, { value: ['This field is required.'] }],
      [
        'value too long',
        { name: 'OK_NAME', value: tooLong, secret: false },
        { value: [`Ensure this field has no more than ${VARIABLE_VALUE_MAX_LENGTH} characters.`] },
      ],
      ['value not a string', { name: 'OK_NAME', value: 42, secret: false }, { value: [expect.any(String)] }],
      ['secret not a boolean', { name: 'OK_NAME', value: 'v', secret: 'yes' }, { secret: [expect.any(String)] }],
      ['unknown field', { name: 'OK_NAME', value: 'v', secret: false, secrte: true }, { secrte: ['Unknown field.'] }],
      ['array body', [{ name: 'OK_NAME', value: 'v' }], { non_field_errors: [expect.any(String)] }],
    ];

    it.each(invalidBodies)('refuses a POST with %s, creating nothing', async (_label, body, answer) => {
      const before = (await rowsOf(alice.email)).length;
      expect(await api(alice, 'POST', '/api/variables/', body)).toEqual({ status: 400, body: answer });
      expect((await rowsOf(alice.email)).length).toBe(before);
    });

    it.each(invalidBodies)('refuses a PUT with %s, changing nothing', async (_label, body, answer) => {
      const { id } = await create(alice, { name: `PUT_TARGET_${Math.random().toString(36).slice(2, 8)}`, value: 'keep' });
      const before = await raw(id);
      expect(await api(alice, 'PUT', `/api/variables/${id}/`, body)).toEqual({ status: 400, body: answer });
      expect(await raw(id)).toEqual(before);
    });

    it('refuses a PATCH with a bad field, changing nothing', async () => {
      const { id } = await create(alice, { name: 'PATCH_TARGET', value: 'keep', secret: true });
      const before = await raw(id);
      const bodies: [unknown, Record<string, unknown>][] = [
        [{ name: 'bad name' }, { name: [expect.any(String)] }],
        [{ name: '' }, { name: expect.arrayContaining(['This field may not be blank.']) }],
        [{ value: tooLong }, { value: [expect.any(String)] }],
        [{ value: null }, { value: [expect.any(String)] }],
        [{ secret: 'false' }, { secret: [expect.any(String)] }],
        [{ colour: 'red' }, { colour: ['Unknown field.'] }],
      ];
      for (const [body, answer] of bodies)
        expect(await api(alice, 'PATCH', `/api/variables/${id}/`, body)).toEqual({ status: 400, body: answer });
      expect(await raw(id)).toEqual(before);
    });

    it('refuses bodies that are not JSON or missing, for every verb with a body', async () => {
      const { id } = await create(alice, { name: 'JSON_TARGET', value: 'keep' });
      const before = await raw(id);
      for (const [method, url] of [
        ['POST', '/api/variables/'],
        ['PUT', `/api/variables/${id}/`],
        ['PATCH', `/api/variables/${id}/`],
      ] as [Method, string][]) {
        const broken = await t.app.inject({
          method,
          url,
          payload: '{"name": "BROKEN", "value": ',
          headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/json' },
        });
        expect(broken.statusCode).toBe(400);
        expect(broken.json()).toEqual({ detail: 'JSON parse error: the request body is not valid JSON.' });
        const text = await t.app.inject({
          method,
          url,
          payload: 'name=X&value=y',
          headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(text.statusCode).toBe(415);
        expect(await api(alice, method, url)).toEqual({ status: 400, body: { detail: 'A request body is required.' } });
      }
      expect(await raw(id)).toEqual(before);
      expect((await rowsOf(alice.email)).some((row) => row.name === 'BROKEN')).toBe(false);
    });

    it('answers 404 to malformed ids for every verb', async () => {
      for (const id of ['not-a-uuid', '123', `${'a'.repeat(400)}`, '00000000-0000-4000-8000-00000000000g']) {
        const url = `/api/variables/${id}/`;
        expect(await api(alice, 'GET', url)).toEqual({ status: 404, body: notFound });
        expect(await api(alice, 'PUT', url, { name: 'X', value: 'y', secret: true })).toEqual({ status: 404, body: notFound });
        expect(await api(alice, 'PATCH', url, { value: 'y' })).toEqual({ status: 404, body: notFound });
        expect(await api(alice, 'DELETE', url)).toEqual({ status: 404, body: notFound });
      }
      expect(await api(alice, 'GET', '/api/variables/00000000-0000-4000-8000-000000000000/')).toEqual({ status: 404, body: notFound });
    });
  });

  describe('reading for functions and templates', () => {
    it('reads the owner’s values by name, secrets decrypted, unknown names absent', async () => {
      const frank = await viewerToken(t, 'frank@shop.test');
      await create(frank, { name: 'API_BASE', value: 'https://api.shop.test' });
      await create(frank, { name: 'API_KEY', value: LONG_SECRET, secret: true });
      await create(frank, { name: 'EMPTY_PLAIN', value: '' });
      await create(frank, { name: 'EMPTY_SECRET', value: '', secret: true });
      await create(alice, { name: 'ONLY_ALICE_HAS', value: 'nope' });

      expect(await read(frank.email, ['API_BASE', 'API_KEY', 'EMPTY_SECRET', 'NOT_SET', 'ONLY_ALICE_HAS', 'API_KEY'])).toEqual({
        API_BASE: 'https://api.shop.test',
        API_KEY: LONG_SECRET,
        EMPTY_SECRET: '',
      });
      expect(await read(frank.email, [])).toEqual({});

      expect(
        await missingVariables(t.services.db, frank.email, ['API_KEY', 'NOT_SET', 'EMPTY_PLAIN', 'API_BASE', 'EMPTY_SECRET', 'NOT_SET']),
      ).toEqual(['NOT_SET', 'EMPTY_PLAIN', 'EMPTY_SECRET']);
      expect(await missingVariables(t.services.db, frank.email, [])).toEqual([]);
      expect(await missingVariables(t.services.db, frank.email, ['ONLY_ALICE_HAS'])).toEqual(['ONLY_ALICE_HAS']);
    });

    it('keeps a variable named like an object property as an ordinary entry', async () => {
      const gina = await viewerToken(t, 'gina@shop.test');
      await create(gina, { name: '__proto__', value: 'p' });
      await create(gina, { name: 'constructor', value: 'c', secret: true });
      const values = await read(gina.email, ['__proto__', 'constructor']);
      expect(Object.entries(values).sort()).toEqual([
        ['__proto__', 'p'],
        ['constructor', 'c'],
      ]);
    });
  });
});

/** The app as createTestApp builds it, but logging everything (trace) into memory. */
async function createLoggedApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-variables-log-'));
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  const env = parseEnv({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://aisle.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'trace',
  });
  const scratch = scaled ? await createScratchDatabase() : undefined;
  const database = await openDatabase({ url: scratch?.url, logger });
  const events = scaled ? createEventBus({ redisUrl, channelPrefix: uniqueChannelPrefix() }) : undefined;
  const services = await createServices({ env, logger, database, events, mailer: { send: async () => undefined } });
  const app = await buildApp({ services, fastify: { loggerInstance: logger } });
  await app.ready();
  return {
    app,
    services,
    lines,
    async close() {
      await app.close();
      await closeServices(services);
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('variables in the logs', () => {
  let logged: Awaited<ReturnType<typeof createLoggedApp>>;
  beforeAll(async () => {
    logged = await createLoggedApp();
  });
  afterAll(() => logged.close());

  it('never writes a secret’s value to the log, on success or on any error', async () => {
    const secrets = ['hunter2-very-secret-0001', 'hunter2-very-secret-0002', 'hunter2-very-secret-0003', 'hunter2-very-secret-0004'];
    const owner = await viewerToken({ services: logged.services } as TestApp, 'logs@shop.test');
    const intruder = await viewerToken({ services: logged.services } as TestApp, 'intruder@shop.test');
    const api = (viewer: TestViewer | null, method: Method, url: string, payload?: unknown) =>
      call(logged.app, viewer, method, url, payload);

    const created = await api(owner, 'POST', '/api/variables/', { name: 'LOGGED', value: secrets[0], secret: true });
    expect(created.status).toBe(201);
    const url = `/api/variables/${created.body.id}/`;
    const answers = [
      await api(owner, 'GET', '/api/variables/'),
      await api(owner, 'GET', url),
      await api(owner, 'PUT', url, { name: 'LOGGED', value: secrets[1], secret: true }),
      await api(owner, 'PATCH', url, { value: secrets[2] }),
      // Errors, each carrying a secret value in the request.
      await api(owner, 'POST', '/api/variables/', { name: 'LOGGED', value: secrets[3], secret: true }),
      await api(owner, 'POST', '/api/variables/', { name: 'bad name', value: secrets[3], secret: true }),
      await api(owner, 'PATCH', url, { value: secrets[3], colour: 'red' }),
      await api(owner, 'PUT', url, { value: secrets[3], secret: 'yes' }),
      await api(intruder, 'PATCH', url, { value: secrets[3] }),
      await api(null, 'POST', '/api/variables/', { name: 'X', value: secrets[3], secret: true }),
      await api(owner, 'PATCH', '/api/variables/nope/', { value: secrets[3] }),
    ];
    const broken = await logged.app.inject({
      method: 'POST',
      url: '/api/variables/',
      payload: `{"name": "X", "value": "${secrets[3]}", `,
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' },
    });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 404, 401, 404]);
    expect(broken.statusCode).toBe(400);

    const log = logged.lines.join('');
    expect(log).toContain('/api/variables/'); // the requests were logged, just not their bodies
    for (const secret of secrets) expect(log).not.toContain(secret);
    for (const answer of answers) for (const secret of secrets) expect(JSON.stringify(answer.body)).not.toContain(secret);
  });
});
