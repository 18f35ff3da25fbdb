import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const REPLY = 'mutation($id: ID!, $content: String!) { sendManualReply(sharedThreadId: $id, content: $content) { id senderName } }';

describe('how manual replies are signed to shoppers', () => {
  let t: TestApp;
  let owner: TestViewer;

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
    const user = await createVerifiedUser(t, { email: 'sam@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
  });
  afterAll(() => t.close());

  const signature = async (viewer: TestViewer | null = owner) => {
    const res = await t.app.inject({
      url: '/api/users/reply-signature/',
      headers: viewer ? { authorization: `Bearer ${viewer.access}` } : {},
    });
    return { status: res.statusCode, body: res.json() };
  };
  const update = (body: Record<string, unknown>, viewer: TestViewer | null = owner) =>
    post(t, viewer, '/api/users/update-reply-signature/', body);

  it('is the shop’s team until the owner chooses their name or the shop’s, and keeps both names', async () => {
    expect(await signature()).toEqual({
      status: 200,
      body: { signed_as: 'team', display_name: '', shop_name: '', signature: 'The shop’s team' },
    });

    const blank = await update({ signed_as: 'name', display_name: '  ' });
    expect(blank).toEqual({ status: 400, body: { display_name: ['Enter the name to sign your replies with.'] } });
    expect((await update({ signed_as: 'shop' })).body).toEqual({ shop_name: ['Enter your shop’s name to sign your replies with.'] });
    expect((await update({ signed_as: 'someone' })).status).toBe(400);
    expect((await update({ signed_as: 'name', display_name: 'x'.repeat(81) })).status).toBe(400);

    const named = await update({ signed_as: 'name', display_name: ' Sam Lee ', shop_name: 'Trailhead Outfitters' });
    expect(named).toEqual({
      status: 200,
      body: { signed_as: 'name', display_name: 'Sam Lee', shop_name: 'Trailhead Outfitters', signature: 'Sam Lee' },
    });
    expect((await signature()).body).toEqual(named.body);
    expect((await update({ signed_as: 'shop', display_name: 'Sam Lee', shop_name: 'Trailhead Outfitters' })).body).toMatchObject({
      signature: 'Trailhead Outfitters',
    });
    // Back to the team: the names stay for next time.
    expect((await update({ signed_as: 'team', display_name: 'Sam Lee', shop_name: 'Trailhead Outfitters' })).body).toEqual({
      signed_as: 'team',
      display_name: 'Sam Lee',
      shop_name: 'Trailhead Outfitters',
      signature: 'The shop’s team',
    });
  });

  it('needs a signed-in owner', async () => {
    expect((await signature(null)).status).toBe(401);
    expect((await update({ signed_as: 'team' }, null)).status).toBe(401);
  });

  it('signs each reply as chosen when it is sent, and the shopper sees that name', async () => {
    const assistantId = await createAssistant(t, owner, { model: 'local:extractive' });
    const token = (await shareAssistant(t, owner, assistantId)).shareToken.token;
    const first = await visitor(t, 'message', { token, message: 'Is the blue tent waterproof?' });
    const thread = { token, sharedThreadId: first.body.sharedThreadId as string, visitorToken: first.body.visitorToken as string };
    const reply = async (content: string) => (await gql(t, owner, REPLY, { id: thread.sharedThreadId, content })).data?.sendManualReply;

    await update({ signed_as: 'team' });
    expect(await reply('Let me check.')).toMatchObject({ senderName: null });
    await update({ signed_as: 'name', display_name: 'Sam Lee' });
    expect(await reply('Yes, it is fully waterproof.')).toMatchObject({ senderName: 'Sam Lee' });
    await update({ signed_as: 'shop', display_name: 'Sam Lee', shop_name: 'Trailhead Outfitters' });
    await reply('It also comes with a rain fly.');

    const history = await visitor(t, 'thread', thread);
    const replies = (history.body.messages as { content: string; isManualResponse: boolean; senderName?: string }[]).filter(
      (message) => message.isManualResponse,
    );
    expect(replies.map(({ content, senderName }) => ({ content, senderName }))).toEqual([
      // The team's signature is the page's default: no name is sent for it.
      { content: 'Let me check.', senderName: undefined },
      // A later change re-signs nothing.
      { content: 'Yes, it is fully waterproof.', senderName: 'Sam Lee' },
      { content: 'It also comes with a rain fly.', senderName: 'Trailhead Outfitters' },
    ]);
  });
});
