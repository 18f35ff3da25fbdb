import { eq, sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { insertItemAsSystem, publishRow } from '../../data-api/model-store';
import { type assistants, type sharedThreads, sharedThreads as threadsTable, unansweredQuestions } from '../../db/schema';
import { clip } from '../../lib/clip-text';
import type { HandoffReason, TurnContext } from '../turns';

const REASONS: Record<HandoffReason, string> = {
  asked: 'asked for a person',
  upset: 'seems upset',
  unanswered: 'went twice without an answer',
};

/**
 * What a visitor's answered turn means for the shop: a thread handed to a person is marked
 * `needsHuman` (auto-reply paused too when the assistant says so), and the owner is notified (the
 * bell) while the inbox shows it live; a question the assistant could not answer joins the
 * inbox's "questions the assistant could not answer". Channels' threads are shared threads too, so
 * they come through here as well.
 */
export async function recordTurnOutcome(
  ctx: Pick<TurnContext, 'db' | 'events'>,
  input: {
    thread: typeof sharedThreads.$inferSelect;
    assistant: typeof assistants.$inferSelect;
    question: string;
    outcome: { handoff?: HandoffReason; unanswered?: boolean };
  },
) {
  const { thread, assistant, outcome } = input;
  if (outcome.unanswered && !outcome.handoff) {
    const [row] = await ctx.db
      .insert(unansweredQuestions)
      .values({ ownerEmail: thread.ownerEmail, assistantId: assistant.id, sharedThreadId: thread.id, question: input.question })
      .returning();
    if (row) publishRow(ctx, getModel('UnansweredQuestion'), 'create', row);
  }
  if (!outcome.handoff) return;
  const [marked] = await ctx.db
    .update(threadsTable)
    .set({
      needsHuman: true,
      needsHumanReason: outcome.handoff,
      needsHumanAt: sql`now()`,
      autoReplyPaused: assistant.pauseOnHandoff ? true : sql`${threadsTable.autoReplyPaused}`,
      updatedAt: new Date(),
    })
    .where(eq(threadsTable.id, thread.id))
    .returning();
  if (marked) publishRow(ctx, getModel('SharedThread'), 'update', marked);
  await insertItemAsSystem(ctx, getModel('Notification'), {
    ownerEmail: thread.ownerEmail,
    title: `A shopper ${REASONS[outcome.handoff]}`,
    content: `${assistant.assistantName}: “${clip(input.question, 200)}” Open Conversations to reply.`,
    presignedGet: null,
  });
}
