import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import type { TestViewer } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

/**
 * "Is it waterproof?" after asking about a tent is about the tent: the turn searches with the
 * shopper's previous message, so a network model is given the tent's passage, which a search for
 * "waterproof" alone never finds among the things that are; the built-in model answers about the
 * tent or says it does not know, never about another product.
 */
describe('a follow-up question in one thread', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let owner: TestViewer;
  const FILLER = 'It rolls closed three times, clips shut with a buckle and has a strap for a kayak deck or a bike rack. '.repeat(7);
  const faq = [
    '# Gear notes',
    '## Beacon lantern',
    'The Beacon lantern is waterproof and floats, so a waterproof light for rainy camps.',
    '## Ember tent',
    `The Ember tent sleeps two and weighs 1.2 kg. ${FILLER}`,
    'The Ember tent fly has a 1,500 mm polyurethane coating and taped seams.',
    // More waterproof things than a turn cites: "waterproof" alone never reaches the tent.
    // Long enough that each section is a passage of its own.
    ...Array.from({ length: 8 }, (_, i) => `## Dry bag ${i + 1}\n\nDry bag ${i + 1} is waterproof. ${FILLER}`),
  ].join('\n\n');

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, SHARED_CHAT_VISITOR_RATE_LIMIT: '1000' });
    const user = await createVerifiedUser(t, { email: 'follow-up@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, owner.email, 5);
    const storeId = await createStore(t, owner, 'Gear');
    const { fileIds } = await uploadFiles(t, owner, storeId, [{ fileName: 'gear.md', contentType: 'text/markdown', bytes: faq }]);
    await waitForFiles(t, fileIds);
    for (const model of ['openai:gpt-4.1-mini', 'local:extractive']) {
      const assistantId = await createAssistant(t, owner, { model });
      await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId });
      tokens.set(model, (await shareAssistant(t, owner, assistantId)).shareToken.token as string);
    }
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  const tokens = new Map<string, string>();

  const thread = async (model: string, messages: string[]) => {
    let ids: { sharedThreadId?: string; visitorToken?: string } = {};
    let reply = '';
    for (const message of messages) {
      const res = await visitor(t, 'message', { token: tokens.get(model), message, ...ids });
      expect(res.status).toBe(200);
      ids = { sharedThreadId: res.body.sharedThreadId, visitorToken: res.body.visitorToken };
      reply = res.body.reply.content as string;
    }
    return reply;
  };

  it('gives a network model the passages of what the earlier question was about', async () => {
    fake.requests.length = 0;
    await thread('openai:gpt-4.1-mini', ['Tell me about the Ember tent', 'Is it waterproof?']);
    const system = ((fake.requests.at(-1)?.body.messages ?? []) as { role: string; content: string }[]).find(
      (message) => message.role === 'system',
    )?.content;
    expect(system).toContain('1,500 mm polyurethane coating');
  });

  it('never answers the follow-up with another product on the built-in model', async () => {
    // Nothing about the tent says "waterproof": the right answer is that it does not know, not the lantern's or a bag's.
    const reply = await thread('local:extractive', ['Tell me about the Ember tent', 'Is it waterproof?']);
    expect(reply).not.toMatch(/Beacon|Dry bag/);
    expect(reply).toMatch(/couldn't find that/);
    expect(await thread('local:extractive', ['Tell me about the Ember tent', 'How much does it weigh?'])).toContain('1.2 kg');
  });
});
