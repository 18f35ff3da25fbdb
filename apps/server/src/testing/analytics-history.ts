import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { assistants, orders, sharedAssistants, sharedMessages, sharedThreads, shopConnections, tasks } from '../db/schema';
import { costOf, PRICING_AS_OF } from '../domains/billing';

/**
 * A small customer history with known answers (issue 19: 3 assistants, 2 channels, a returning
 * visitor, manual replies, two periods), written straight to the tables with chosen times.
 * `day1` and `day2` are two consecutive UTC days; the answers are in analytics tests' comments.
 *
 * Day 1: T1 alice@buyer.test, assistant A (web): two questions, two bot answers (the second
 *        half-cached); T2 an anonymous visitor, assistant B (widget): bot answer, then a manual reply.
 * Day 2: T3 alice again, assistant A (widget): one question, one answer; T4 anonymous, assistant C
 *        (web): answered by the local model, then a question left waiting; T5 anonymous, assistant C
 *        (web): the bot's reply held back (a Task with its cost) and a manual reply instead.
 * Orders of day 2 (the owner's shop): $50.00 whose cart carried T3's id, $30.00 by alice's e-mail
 * (her latest thread, T3, was active within 7 days), and $99.00 from a stranger (not assisted).
 */
export interface AnalyticsHistory {
  assistantIds: { a: string; b: string; c: string };
  threadIds: string[];
}

const usage = (modelId: string, inputTokens: number, outputTokens: number, cachedInputTokens = 0) => {
  const [provider, model] = modelId.split(':') as ['openai' | 'anthropic' | 'local', string];
  return {
    provider,
    model,
    inputTokens,
    outputTokens,
    cachedInputTokens,
    costUsd: costOf(provider, model, { inputTokens, outputTokens, cachedInputTokens }),
    priced: true,
    pricingAsOf: PRICING_AS_OF,
    citations: [],
  };
};

type Turn = { at: string; kind: 'user' | 'bot' | 'manual' | 'held'; usage?: ReturnType<typeof usage> };

export async function seedAnalyticsHistory(db: Db, input: { ownerEmail: string; day1: string; day2: string }): Promise<AnalyticsHistory> {
  const { ownerEmail, day1, day2 } = input;
  const [a, b, c] = await db
    .insert(assistants)
    .values(['Sales helper', 'Returns desk', 'Size advisor'].map((assistantName) => ({ ownerEmail, assistantName })))
    .returning();
  if (!a || !b || !c) throw new Error('assistants not written');
  const shares = await db
    .insert(sharedAssistants)
    .values(
      [a, b, c].map((x) => ({
        ownerEmail,
        originalAssistantId: x.id,
        shareToken: randomBytes(12).toString('hex'),
        assistantName: x.assistantName,
      })),
    )
    .returning();
  const shareOf = (assistantId: string) => shares.find((s) => s.originalAssistantId === assistantId)?.id as string;
  const mini = 'openai:gpt-4.1-mini';
  const threadsToWrite: { assistantId: string; origin: string; contact?: string; turns: Turn[] }[] = [
    {
      assistantId: a.id,
      origin: 'web',
      contact: 'Alice@Buyer.test',
      turns: [
        { at: `${day1}T09:00:00Z`, kind: 'user' },
        { at: `${day1}T09:00:04Z`, kind: 'bot', usage: usage(mini, 1000, 200) },
        { at: `${day1}T09:10:00Z`, kind: 'user' },
        { at: `${day1}T09:10:02Z`, kind: 'bot', usage: usage(mini, 1000, 200, 500) },
      ],
    },
    {
      assistantId: b.id,
      origin: 'widget',
      turns: [
        { at: `${day1}T10:00:00Z`, kind: 'user' },
        { at: `${day1}T10:00:06Z`, kind: 'bot', usage: usage('anthropic:claude-haiku-4-5', 2000, 100) },
        { at: `${day1}T10:05:00Z`, kind: 'user' },
        { at: `${day1}T10:07:00Z`, kind: 'manual' },
      ],
    },
    {
      assistantId: a.id,
      origin: 'widget',
      contact: 'alice@buyer.test',
      turns: [
        { at: `${day2}T08:00:00Z`, kind: 'user' },
        { at: `${day2}T08:00:02Z`, kind: 'bot', usage: usage(mini, 1000, 200) },
      ],
    },
    {
      assistantId: c.id,
      origin: 'web',
      turns: [
        { at: `${day2}T09:30:00Z`, kind: 'user' },
        { at: `${day2}T09:30:10Z`, kind: 'bot', usage: usage('local:extractive', 0, 0) },
        { at: `${day2}T09:31:00Z`, kind: 'user' },
      ],
    },
    {
      assistantId: c.id,
      origin: 'web',
      turns: [
        { at: `${day2}T11:00:00Z`, kind: 'user' },
        { at: `${day2}T11:01:00Z`, kind: 'held', usage: usage(mini, 500, 50) },
        { at: `${day2}T11:02:00Z`, kind: 'manual' },
      ],
    },
  ];
  const threadIds: string[] = [];
  for (const thread of threadsToWrite) {
    const id = randomUUID();
    threadIds.push(id);
    const first = thread.turns[0]?.at as string;
    await db.insert(sharedThreads).values({
      id,
      ownerEmail,
      sharedAssistantId: shareOf(thread.assistantId),
      origin: thread.origin,
      anonymousEmail: `visitor-${randomBytes(4).toString('hex')}@anonymous.aisle`,
      visitorContact: thread.contact ? { email: thread.contact } : null,
      createdAt: new Date(first),
      lastActivityAt: new Date(thread.turns.at(-1)?.at ?? first),
    });
    for (const turn of thread.turns) {
      const at = new Date(turn.at);
      if (turn.kind === 'held') {
        await db.insert(tasks).values({
          ownerEmail,
          type: 'shared_reply_discarded',
          result: { sharedThreadId: id, reason: 'auto_reply_paused' },
          llmUsage: turn.usage,
          provider: turn.usage?.provider,
          model: turn.usage?.model,
          assistantId: thread.assistantId,
          createdAt: at,
        });
        continue;
      }
      await db.insert(sharedMessages).values({
        ownerEmail,
        sharedThreadId: id,
        content: turn.kind === 'user' ? 'Do you have this in blue?' : 'Yes, in every size.',
        senderType: turn.kind === 'user' ? 'user' : 'assistant',
        isManualResponse: turn.kind === 'manual',
        provider: turn.usage?.provider ?? null,
        model: turn.usage?.model ?? null,
        llmUsage: turn.usage ?? null,
        createdAt: at,
      });
    }
  }
  const [shop] = await db
    .insert(shopConnections)
    .values({ ownerEmail, shopDomain: `shop-${randomBytes(4).toString('hex')}.myshopify.com` })
    .returning();
  if (!shop) throw new Error('shop not written');
  const order = (externalId: string, at: string, totalPrice: string, extra: { customerEmail?: string; attributes?: unknown }) => ({
    ownerEmail,
    shopConnectionId: shop.id,
    externalId,
    totalPrice,
    currency: 'USD',
    orderCreatedAt: new Date(at),
    customerEmail: extra.customerEmail ?? null,
    attributes: extra.attributes ?? [],
  });
  await db
    .insert(orders)
    .values([
      order('1001', `${day2}T11:30:00Z`, '50.00', { attributes: [{ name: 'aisle_thread', value: threadIds[2] }] }),
      order('1002', `${day2}T11:45:00Z`, '30.00', { customerEmail: 'alice@buyer.test' }),
      order('1003', `${day2}T11:50:00Z`, '99.00', { customerEmail: 'stranger@mail.test' }),
    ]);
  return { assistantIds: { a: a.id, b: b.id, c: c.id }, threadIds };
}
