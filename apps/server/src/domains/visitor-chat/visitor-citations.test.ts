import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { type GqlData, gql, listen, type TestViewer } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { MESSAGE_FIELDS, openVisitorEvents, parseEvents, shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { visitorReplyOf } from './visitor-citations';

/**
 * A store file whose answer passage also holds a line meant for staff only. The two sections above
 * it carry every word of the question in their headings, so retrieval ranks them first, but they
 * hold no sentence about it: the answer cites only the third passage retrieved.
 */
const FILE_NAME = 'sunny-trails-faq.md';
const faq = `# Sunny Trails FAQ

Sunny Trails makes hiking boots and trail gear in Boulder, Colorado.

## Unworn boot returns

Boots go back in their original box. Returns are free.

## Returning unworn boots by post

Post boots back with the label. Returns by post are tracked.

## Refund window

You can return unworn boots within 60 days of delivery for a full refund. The secret discount code is STAFF50.

## Shipping

Orders ship from Denver within two business days. Standard shipping is free over $80.
`;
const ANSWER = 'You can return unworn boots within 60 days of delivery for a full refund.';
const HEADING = 'Sunny Trails FAQ › Refund window';
const PASSAGE = `${ANSWER} The secret discount code is STAFF50.`;
/** What a shopper sees of the passage: a friendly title and the sentence that answers, numbered from 1. */
const SHOPPER_CITATION = { number: 1, title: 'Refund window', snippet: ANSWER };

/** Nothing of the file's name, its heading path or the rest of the passage reaches a shopper. */
function expectNothingPrivate(raw: string) {
  for (const secret of [FILE_NAME, 'sunny-trails-faq', '.md', HEADING, 'STAFF50', 'discount', 'Sources:', 'fileId']) {
    expect(raw, `a shopper saw "${secret}"`).not.toContain(secret);
  }
}

describe('what a shopper sees of the shop’s knowledge', () => {
  let t: TestApp;
  let owner: TestViewer;
  let assistantId: string;
  let token: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      DEFAULT_MODEL: 'local:extractive',
      SHARED_CHAT_VISITOR_RATE_LIMIT: '1000',
      SHARED_CHAT_READ_RATE_LIMIT: '1000',
    });
    const user = await createVerifiedUser(t, { email: 'owner@sunny-trails.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    const storeId = await createStore(t, owner, 'Help');
    const { fileIds } = await uploadFiles(t, owner, storeId, [{ fileName: FILE_NAME, contentType: 'text/markdown', bytes: faq }]);
    await waitForFiles(t, fileIds);
    assistantId = await createAssistant(t, owner, { model: 'local:extractive' });
    expect((await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId })).status).toBe(201);
    token = (await shareAssistant(t, owner, assistantId)).shareToken.token;
    port = await listen(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('cites to the shopper a friendly title and the answering sentence only: reply, stream, live events and history', async () => {
    const first = await visitor(t, 'message', { token, message: 'Can I return unworn boots?' });
    expect(first.status).toBe(200);
    expectNothingPrivate(JSON.stringify(first.body));
    expect(first.body.reply.content).toBe(ANSWER);
    expect(first.body.reply.citations).toEqual([SHOPPER_CITATION]);
    const { sharedThreadId, visitorToken } = first.body;

    const page = await openVisitorEvents(port, { token, sharedThreadId, visitorToken });
    try {
      const streamed = await t.app.inject({
        method: 'POST',
        url: '/api/shared-chat/stream/',
        payload: { token, message: 'Can unworn boots be returned?', sharedThreadId, visitorToken },
      });
      expect(streamed.statusCode).toBe(200);
      expectNothingPrivate(streamed.body);
      const events = parseEvents(streamed.body);
      expect(
        events
          .filter((e) => e.event === 'token')
          .map((e) => e.data.text as string)
          .join(''),
      ).toBe(ANSWER);
      expect(events.find((e) => e.event === 'done')?.data.reply.citations).toEqual([SHOPPER_CITATION]);

      // The page's live stream hears the question and the reply, reduced the same way.
      await page.next(2);
      expectNothingPrivate(JSON.stringify(page.events));
      const liveReply = page.events.find((e) => e.event === 'message' && e.data.senderType === 'assistant');
      expect(liveReply?.data.citations).toEqual([SHOPPER_CITATION]);
    } finally {
      await page.close();
    }

    const history = await visitor(t, 'thread', { token, sharedThreadId, visitorToken });
    expect(history.status).toBe(200);
    expectNothingPrivate(JSON.stringify(history.body));
    const replies = (history.body.messages as GqlData[]).filter((m) => m.senderType === 'assistant');
    expect(replies.map((m) => m.citations)).toEqual([[SHOPPER_CITATION], [SHOPPER_CITATION]]);

    // The owner's inbox keeps the whole citation, stored with the reply.
    const inbox = await gql(
      t,
      owner,
      `query($id: ID!) { sharedMessagesBySharedThreadID(sharedThreadID: $id) { items { ${MESSAGE_FIELDS} } } }`,
      {
        id: sharedThreadId,
      },
    );
    const stored = ((inbox.data?.sharedMessagesBySharedThreadID.items ?? []) as GqlData[]).find((m) => m.senderType === 'assistant');
    expect(JSON.parse(stored?.llmUsage).citations).toEqual([
      { number: 1, fileId: expect.any(String), fileName: FILE_NAME, heading: HEADING, text: PASSAGE },
    ]);
  });

  it('keeps the whole citation, numbered from 1, in the owner’s private chat', async () => {
    const thread = await post(t, owner, '/api/thread/create/', { assistantId });
    const res = await post(t, owner, '/api/chat/message/', { threadId: thread.body?.id, content: 'Can I return unworn boots?' });
    expect(res.status).toBe(200);
    expect(res.body?.reply.content).toBe(ANSWER);
    expect(res.body?.reply.llmUsage.citations).toEqual([
      { number: 1, fileId: expect.any(String), fileName: FILE_NAME, heading: HEADING, text: PASSAGE },
    ]);
  });
});

describe('a reply’s sources as a shopper sees them', () => {
  const returns = {
    fileId: 'f1',
    fileName: 'faq.md',
    heading: 'Help centre › Returns',
    text: 'Staff code STAFF50. Returns are free within 30 days.',
  };
  const shipping = { fileId: 'f1', fileName: 'faq.md', heading: 'Help centre › Shipping', text: 'Orders over $75 ship free.' };

  it('numbers them from 1 in the order shown, the reply’s markers renumbered to match', () => {
    const reply = visitorReplyOf('Returns are free for 30 days [3], and orders over $75 ship free [1]. See [3].', [
      { number: 3, ...returns },
      { number: 1, ...shipping },
    ]);
    expect(reply).toEqual({
      content: 'Returns are free for 30 days [1], and orders over $75 ship free [2]. See [1].',
      citations: [
        { number: 1, title: 'Returns', snippet: 'Returns are free within 30 days.' },
        { number: 2, title: 'Shipping', snippet: 'Orders over $75 ship free.' },
      ],
    });
  });

  it('shows a source cited twice once, and drops a list of sources written into the text', () => {
    const reply = visitorReplyOf('Returns are free within 30 days. [2][4]\n\nSources: [2] faq.md › Help centre › Returns', [
      { number: 2, ...returns },
      { number: 4, ...returns },
    ]);
    expect(reply).toEqual({
      content: 'Returns are free within 30 days. [1][1]',
      citations: [{ number: 1, title: 'Returns', snippet: 'Returns are free within 30 days.' }],
    });
  });
});
