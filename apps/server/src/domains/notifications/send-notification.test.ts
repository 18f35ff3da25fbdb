import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { bearer } from '../../testing/account-flows';
import { collect, gql, listen, settle, wsClient } from '../../testing/graphql-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };
const LIST = '{ listNotifications { items { id title content userHasRead presignedGet ownerEmail } } }';

describe('POST /api/notifications/send/ (staff only)', () => {
  let t: TestApp;
  let port: number;
  let staff: TestUser;
  let merchant: TestUser;
  let other: TestUser;

  const send = (body: unknown, token: string | null = staff.access) =>
    t.app.inject({ method: 'POST', url: '/api/notifications/send/', headers: token ? bearer(token) : {}, payload: body as object });
  const viewer = (user: TestUser, isStaff = false) => ({ email: user.email, access: user.access, isStaff });
  const stored = async (email: string) => t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, email));

  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t);
    staff = await createVerifiedUser(t, { email: 'admin@aisle.test', staff: true });
    merchant = await createVerifiedUser(t, { email: 'owner@shop.test' });
    other = await createVerifiedUser(t, { email: 'someone@else.test' });
  });
  afterAll(() => t.close());

  it('creates a notification the recipient lists and receives live; nobody else sees it', async () => {
    const client = wsClient(port, viewer(merchant));
    const otherClient = wsClient(port, viewer(other));
    try {
      const live = collect(client, 'subscription { onCreateNotification { id title content userHasRead presignedGet } }');
      const othersLive = collect(otherClient, 'subscription { onCreateNotification { id } }');
      await settle();

      const res = await send({
        email: ' Owner@Shop.test ',
        title: 'Your export is ready',
        content: 'Download it within 7 days.',
        presignedGet: 'https://files.example.com/export.csv?sig=abc',
      });
      expect(res.statusCode, res.body).toBe(201);
      const sent = res.json();
      expect(sent).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'Your export is ready',
        content: 'Download it within 7 days.',
        userHasRead: false,
        presignedGet: 'https://files.example.com/export.csv?sig=abc',
        ownerEmail: 'owner@shop.test',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      });

      await live.next(1);
      expect(live.events[0]?.onCreateNotification).toEqual({
        id: sent.id,
        title: 'Your export is ready',
        content: 'Download it within 7 days.',
        userHasRead: false,
        presignedGet: 'https://files.example.com/export.csv?sig=abc',
      });

      const listed = await gql(t, viewer(merchant), LIST);
      expect(listed.data?.listNotifications.items).toEqual([
        {
          id: sent.id,
          title: 'Your export is ready',
          content: 'Download it within 7 days.',
          userHasRead: false,
          presignedGet: 'https://files.example.com/export.csv?sig=abc',
          ownerEmail: 'owner@shop.test',
        },
      ]);

      const othersList = await gql(t, viewer(other), LIST);
      expect(othersList.data?.listNotifications.items).toEqual([]);
      const othersGet = await gql(t, viewer(other), 'query($id: ID!) { getNotification(id: $id) { id } }', { id: sent.id });
      expect(othersGet.errors).toBeUndefined();
      expect(othersGet.data?.getNotification).toBeNull();
      await settle(300);
      expect(othersLive.events).toEqual([]);
    } finally {
      await client.dispose();
      await otherClient.dispose();
    }
  });

  it('leaves presignedGet null when none is given', async () => {
    const res = await send({ email: other.email, title: 'Welcome', content: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Welcome', content: '', presignedGet: null, ownerEmail: other.email });
  });

  it('is forbidden to non-staff, creating nothing, and needs a token', async () => {
    const before = (await stored(merchant.email)).length;
    const body = { email: merchant.email, title: 'Free money', content: 'Click here' };

    const member = await send(body, merchant.access);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual(FORBIDDEN);

    const anonymous = await send(body, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });

    expect(await stored(merchant.email)).toHaveLength(before);
  });

  it('answers 400 for an e-mail without an account', async () => {
    const res = await send({ email: 'nobody@shop.test', title: 'Hello', content: 'Hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['User not found'] });
    expect(await stored('nobody@shop.test')).toEqual([]);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const cases: [unknown, string][] = [
      [{ title: 'Hello', content: 'Hi' }, 'email'],
      [{ email: 'not-an-email', title: 'Hello', content: 'Hi' }, 'email'],
      [{ email: merchant.email, title: '   ', content: 'Hi' }, 'title'],
      [{ email: merchant.email, title: 'x'.repeat(201), content: 'Hi' }, 'title'],
      [{ email: merchant.email, title: 'Hello' }, 'content'],
      [{ email: merchant.email, title: 'Hello', content: 'x'.repeat(10_001) }, 'content'],
      [{ email: merchant.email, title: 'Hello', content: 'Hi', presignedGet: 'javascript:alert(1)' }, 'presignedGet'],
      [{ email: merchant.email, title: 'Hello', content: 'Hi', presignedGet: `https://example.com/${'a'.repeat(2048)}` }, 'presignedGet'],
    ];
    const before = (await stored(merchant.email)).length;
    for (const [body, field] of cases) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    const empty = await t.app.inject({ method: 'POST', url: '/api/notifications/send/', headers: bearer(staff.access) });
    expect(empty.statusCode).toBe(400);
    expect(await stored(merchant.email)).toHaveLength(before);
  });
});
