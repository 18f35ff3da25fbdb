import { DEFAULT_SHARE_THEME, EXPIRES_IN_PAST_TEXT, shareTokenProblems } from '@aisle/contracts/sharing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, sharedAssistants, sharedThreads } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const SHARE_FIELDS =
  'id ownerEmail shareToken isActive expiresAt originalAssistantID assistantName theme { primaryColor primaryTextColor }';
const UPDATE = `mutation($i: UpdateSharedAssistantInput!) { updateSharedAssistant(input: $i) { ${SHARE_FIELDS} } }`;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('share links', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
    const a = await createVerifiedUser(t, { email: 'alice@shop.test' });
    const b = await createVerifiedUser(t, { email: 'bob@shop.test' });
    alice = { email: a.email, access: a.access, isStaff: false };
    bob = { email: b.email, access: b.access, isStaff: false };
  });
  afterAll(() => t.close());

  const isShared = async (id: string) => (await t.services.db.select().from(assistants).where(eq(assistants.id, id)))[0]?.isShared;

  it('creates a link with an unguessable token, marks the assistant shared, and answers the contract’s shape', async () => {
    const assistantId = await createAssistant(t, alice, { assistantName: 'Dress helper' });
    const theme = { primaryColor: '#aa3355', primaryTextColor: '#ffffff' };
    const expiresAt = inAnHour();
    const res = await post(t, alice, '/api/shared-assistant/create/', { assistantId, expiresAt, theme });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ownerEmail: alice.email,
      isActive: true,
      expiresAt: new Date(expiresAt).toISOString(),
      originalAssistantID: assistantId,
      assistantName: 'Dress helper',
      theme,
      status: null,
      log: null,
    });
    // 24 random bytes in base64url: 32 characters, 192 bits.
    expect(res.body?.shareToken.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await isShared(assistantId)).toBe(true);

    // A second link to the same assistant is another link, with its own token and the default theme.
    const second = await shareAssistant(t, alice, assistantId);
    expect(second.id).not.toBe(res.body?.id);
    expect(second.shareToken.token).not.toBe(res.body?.shareToken.token);
    expect(second.theme).toEqual(DEFAULT_SHARE_THEME);
    expect(second.expiresAt).toBeNull();
  });

  it('refuses another owner’s assistant, bad input and callers who are not signed in', async () => {
    const assistantId = await createAssistant(t, alice);
    expect(await post(t, bob, '/api/shared-assistant/create/', { assistantId })).toEqual({
      status: 404,
      body: { detail: 'Assistant not found.' },
    });
    expect(await post(t, alice, '/api/shared-assistant/create/', { assistantId, expiresAt: '2001-01-01T00:00:00Z' })).toEqual({
      status: 400,
      body: { expiresAt: [EXPIRES_IN_PAST_TEXT] },
    });
    expect((await post(t, alice, '/api/shared-assistant/create/', { assistantId, expiresAt: 'tomorrow' })).status).toBe(400);
    const badColour = await post(t, alice, '/api/shared-assistant/create/', {
      assistantId,
      theme: { primaryColor: 'red', primaryTextColor: '#fff' },
    });
    expect(badColour.status).toBe(400);
    expect(badColour.body?.['theme.primaryColor']).toEqual(['Enter a colour as #RRGGBB.']);
    expect((await post(t, alice, '/api/shared-assistant/create/', { assistantId: 'nope' })).status).toBe(400);
    expect((await post(t, null, '/api/shared-assistant/create/', { assistantId })).status).toBe(401);
    expect(await t.services.db.select().from(sharedAssistants).where(eq(sharedAssistants.originalAssistantId, assistantId))).toEqual([]);
    expect(await isShared(assistantId)).toBe(false);
  });

  it('deletes a link with its threads; isShared turns false with the last link; another owner’s link is not found', async () => {
    const assistantId = await createAssistant(t, alice);
    const first = await shareAssistant(t, alice, assistantId);
    const second = await shareAssistant(t, alice, assistantId);
    const started = await visitor(t, 'message', { token: first.shareToken.token, message: 'Hello' });
    expect(started.status).toBe(200);

    expect(await post(t, bob, '/api/shared-assistant/delete/', { id: first.id })).toEqual({
      status: 404,
      body: { detail: 'Shared assistant not found.' },
    });
    expect((await post(t, alice, '/api/shared-assistant/delete/', { id: first.id })).status).toBe(204);
    expect(await t.services.db.select().from(sharedThreads).where(eq(sharedThreads.sharedAssistantId, first.id))).toEqual([]);
    expect(await isShared(assistantId)).toBe(true);
    expect((await post(t, alice, '/api/shared-assistant/delete/', { id: first.id })).status).toBe(404);
    expect((await post(t, alice, '/api/shared-assistant/delete/', { id: second.id })).status).toBe(204);
    expect(await isShared(assistantId)).toBe(false);

    // Through the data API too, with the data API's answer for another owner's row.
    const third = await shareAssistant(t, alice, assistantId);
    const refused = await gql(t, bob, 'mutation($i: DeleteSharedAssistantInput!) { deleteSharedAssistant(input: $i) { id } }', {
      i: { id: third.id },
    });
    expect(refused.errors?.[0]?.message).toBe('Unauthorized');
    const removed = await gql(
      t,
      alice,
      'mutation($i: DeleteSharedAssistantInput!) { deleteSharedAssistant(input: $i) { id theme { primaryColor } } }',
      {
        i: { id: third.id },
      },
    );
    expect(removed.data?.deleteSharedAssistant).toEqual({ id: third.id, theme: { primaryColor: DEFAULT_SHARE_THEME.primaryColor } });
    expect(await isShared(assistantId)).toBe(false);
  });

  it('updates isActive, expiresAt, name and theme on GraphQL, validating each; reads the token as a string and the theme typed', async () => {
    const assistantId = await createAssistant(t, alice);
    const share = await shareAssistant(t, alice, assistantId);
    const theme = { primaryColor: '#112233', primaryTextColor: '#fefefe' };
    const expiresAt = inAnHour();
    const res = await gql(t, alice, UPDATE, { i: { id: share.id, isActive: false, expiresAt, assistantName: 'Night shift', theme } });
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateSharedAssistant).toMatchObject({
      id: share.id,
      shareToken: share.shareToken.token,
      isActive: false,
      expiresAt: new Date(expiresAt).toISOString(),
      assistantName: 'Night shift',
      theme,
    });
    const read = await gql(t, alice, `query($id: ID!) { getSharedAssistant(id: $id) { ${SHARE_FIELDS} } }`, { id: share.id });
    expect(read.data?.getSharedAssistant.theme).toEqual(theme);
    const listed = await gql(t, alice, '{ listSharedAssistants { items { id theme { primaryColor } } } }');
    expect(listed.data?.listSharedAssistants.items).toContainEqual({ id: share.id, theme: { primaryColor: '#112233' } });

    const bad = async (input: Record<string, unknown>) =>
      (await gql(t, alice, UPDATE, { i: { id: share.id, ...input } })).errors?.[0]?.message;
    expect(await bad({ expiresAt: '2001-01-01T00:00:00Z' })).toBe(EXPIRES_IN_PAST_TEXT);
    expect(await bad({ theme: { primaryColor: 'blue', primaryTextColor: '#ffffff' } })).toBe('Enter a colour as #RRGGBB.');
    expect(await bad({ isActive: null })).toBe('Must be true or false.');
    expect(await bad({ assistantName: '  ' })).toBe('This field may not be blank.');
    // Another owner: refused like every data API write, and nothing changes.
    const other = await gql(t, bob, UPDATE, { i: { id: share.id, isActive: true } });
    expect(other.errors?.[0]?.message).toBe('Unauthorized');
    const after = await gql(t, alice, `query($id: ID!) { getSharedAssistant(id: $id) { ${SHARE_FIELDS} } }`, { id: share.id });
    expect(after.data?.getSharedAssistant).toEqual(read.data?.getSharedAssistant);
    // No expiry again.
    const cleared = await gql(t, alice, UPDATE, { i: { id: share.id, expiresAt: null, isActive: true } });
    expect(cleared.data?.updateSharedAssistant).toMatchObject({ expiresAt: null, isActive: true });
  });

  describe('decoding a link', () => {
    it('answers the public face of an open link, and nothing of the owner’s', async () => {
      const assistantId = await createAssistant(t, alice, {
        assistantName: 'Shoe expert',
        instructions: 'Secret pricing rules',
        assistantUserQA: [
          { question: 'Do you ship abroad?', answer: 'Yes' },
          { question: 'Can I return shoes?', answer: 'Within 30 days' },
        ],
      });
      const share = await shareAssistant(t, alice, assistantId, { theme: { primaryColor: '#000000', primaryTextColor: '#ffffff' } });
      const res = await visitor(t, 'decode-shared-token', { token: share.shareToken.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        sharedAssistantId: share.id,
        assistantName: 'Shoe expert',
        assistantAvatarUrl: null,
        userAvatarUrl: null,
        theme: { primaryColor: '#000000', primaryTextColor: '#ffffff' },
        suggestedQuestions: ['Do you ship abroad?', 'Can I return shoes?'],
      });
      expect(JSON.stringify(res.body)).not.toContain(alice.email);
      expect(JSON.stringify(res.body)).not.toContain('Secret');
    });

    it('tells inactive, expired, deleted and forged links apart as the contract says', async () => {
      const assistantId = await createAssistant(t, alice);
      const inactive = await shareAssistant(t, alice, assistantId);
      await gql(t, alice, UPDATE, { i: { id: inactive.id, isActive: false } });
      const expired = await shareAssistant(t, alice, assistantId);
      await t.services.db
        .update(sharedAssistants)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sharedAssistants.id, expired.id));
      const deleted = await shareAssistant(t, alice, assistantId);
      await post(t, alice, '/api/shared-assistant/delete/', { id: deleted.id });

      const decode = (token: string) => visitor(t, 'decode-shared-token', { token });
      expect(await decode(inactive.shareToken.token)).toMatchObject({
        status: 410,
        body: { detail: shareTokenProblems.inactive, code: 'inactive' },
      });
      expect(await decode(expired.shareToken.token)).toMatchObject({
        status: 410,
        body: { detail: shareTokenProblems.expired, code: 'expired' },
      });
      // One character changed (never to the one already there, which would be the real token).
      const real = inactive.shareToken.token;
      const oneOff = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
      for (const token of [deleted.shareToken.token, 'forged-token', oneOff]) {
        expect(await decode(token)).toMatchObject({ status: 404, body: { detail: shareTokenProblems.not_found, code: 'not_found' } });
      }
      expect((await decode('')).status).toBe(400);
      expect((await decode('x'.repeat(201))).status).toBe(400);

      // Every public call re-checks the link: turned back on, it works again; messages are refused while off.
      await gql(t, alice, UPDATE, { i: { id: inactive.id, isActive: true } });
      expect((await decode(inactive.shareToken.token)).status).toBe(200);
      for (const share of [expired, deleted]) {
        expect((await visitor(t, 'message', { token: share.shareToken.token, message: 'Hi' })).status).toBeGreaterThanOrEqual(404);
      }
    });
  });
});
