import { generateText } from 'ai';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { type Item, publishRow } from '../../data-api/model-store';
import { assistants, sharedAssistants, sharedMessages, sharedThreads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { clip } from '../../lib/clip-text';
import { parseModelId } from '../../lib/model-id';
import { inModelCall, LOCAL_MODEL_ID, languageModelFor } from '../ai';
import { balanceSql, canSpend, chargeGeneration, generationUsage } from '../billing';
import { extractiveSummary, SUMMARY_MAX_LENGTH, type SummaryMessage } from './extractive-summary';
import type { SharedThreadsContext } from './shared-threads-context';

/** Messages a summary reads: the latest ones (a long chat's summary is about where it ended up). */
const SUMMARY_MESSAGES = 40;
const MESSAGE_CHARS = 1_000;

export const THREAD_NOT_FOUND = 'Shared thread not found.';

const SUMMARY_INSTRUCTIONS = [
  'You summarise a chat between a shop’s customer (the visitor), the shop’s AI assistant and the shop’s staff, for the shop owner’s inbox.',
  `Write at most three short sentences, under ${SUMMARY_MAX_LENGTH} characters in all: what the visitor wanted, what they were told, and anything still to do.`,
  'Keep order numbers, product names and the visitor’s actual problem in their own words: the owner acts on them.',
  'Plain text only: no lists, no markdown, no greeting.',
].join(' ');

const speaker = (message: SummaryMessage) =>
  message.senderType === 'user' ? 'Visitor' : message.isManualResponse ? 'Shop staff' : 'Assistant';

/** The thread, its assistant, the owner's balance and its latest messages (oldest first). */
async function loadSummarySubjects(ctx: SharedThreadsContext, sharedThreadId: string, ownerEmail?: string) {
  const [row] = await ctx.db
    .select({
      thread: sharedThreads,
      assistant: assistants,
      balance: balanceSql(sql`${sharedThreads.ownerEmail}`),
      // The database's clock, not this process's: instances' clocks may differ.
      quietSeconds: sql<number>`extract(epoch from now() - ${sharedThreads.lastActivityAt})::float8`,
    })
    .from(sharedThreads)
    .innerJoin(sharedAssistants, eq(sharedAssistants.id, sharedThreads.sharedAssistantId))
    .innerJoin(assistants, eq(assistants.id, sharedAssistants.originalAssistantId))
    .where(and(eq(sharedThreads.id, sharedThreadId), ownerEmail ? eq(sharedThreads.ownerEmail, ownerEmail) : undefined))
    .limit(1);
  if (!row) return null;
  const recent = await ctx.db
    .select({ content: sharedMessages.content, senderType: sharedMessages.senderType, isManualResponse: sharedMessages.isManualResponse })
    .from(sharedMessages)
    .where(eq(sharedMessages.sharedThreadId, sharedThreadId))
    .orderBy(desc(sharedMessages.createdAt), desc(sharedMessages.id))
    .limit(SUMMARY_MESSAGES);
  return { ...row, messages: recent.reverse() };
}

type Subjects = NonNullable<Awaited<ReturnType<typeof loadSummarySubjects>>>;

/**
 * The assistant's model writes the summary; the local model (or a paid model the owner has no
 * credit for) gets the extractive one, free and without network.
 */
async function composeSummary(ctx: SharedThreadsContext, subjects: Subjects) {
  const modelId = subjects.assistant.model || ctx.models.defaultModelId;
  const { provider } = parseModelId(modelId);
  const payable = canSpend(modelId, subjects.balance);
  if (provider === 'local' || !payable || !subjects.messages.length) {
    return { text: extractiveSummary(subjects.messages), usage: generationUsage(LOCAL_MODEL_ID, undefined) };
  }
  const transcript = subjects.messages.map((m) => `${speaker(m)}: ${clip(m.content.replace(/\s+/g, ' ').trim(), MESSAGE_CHARS)}`);
  try {
    const result = await inModelCall(modelId, () =>
      generateText({
        model: languageModelFor(ctx.env, modelId),
        system: SUMMARY_INSTRUCTIONS,
        prompt: transcript.join('\n'),
        temperature: 0.2,
        maxOutputTokens: 200,
        maxRetries: 1,
      }),
    );
    const text = clip(result.text.replace(/\s+/g, ' ').trim(), SUMMARY_MAX_LENGTH * 2);
    if (!text) throw new Error('the model wrote an empty summary');
    return { text, usage: generationUsage(modelId, result.usage) };
  } catch (error) {
    throw new AppError('BAD_GATEWAY', 'The summary could not be written. Try again.', { bodyCode: 'summary_failed', cause: error });
  }
}

/** Writes the summary, its cost as a Task and the charge together, then tells the owner's inbox. */
async function writeSummary(ctx: SharedThreadsContext, subjects: Subjects): Promise<Item> {
  const { thread, assistant } = subjects;
  const { text, usage } = await composeSummary(ctx, subjects);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sharedThreads)
      .set({ threadSummary: text, summarizedAt: sql`now()`, updatedAt: new Date() })
      .where(eq(sharedThreads.id, thread.id))
      .returning();
    if (!updated) return undefined;
    await chargeGeneration(tx, {
      ownerEmail: thread.ownerEmail,
      type: 'thread_summary',
      result: { sharedThreadId: thread.id, summary: text },
      usage,
      assistantId: assistant.id,
    });
    return updated;
  });
  if (!row) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  return publishRow(ctx, getModel('SharedThread'), 'update', row);
}

/** `summarizeSharedThread`: the owner asks for a summary now. */
export async function summarizeOnDemand(ctx: SharedThreadsContext, input: { ownerEmail: string; id: string }): Promise<Item> {
  const subjects = await loadSummarySubjects(ctx, input.id, input.ownerEmail);
  if (!subjects) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  return writeSummary(ctx, subjects);
}

/**
 * The quiet-time job's work: summarises the thread once it has been quiet `quietSeconds`. A thread
 * with later activity is not summarised yet: the answer says how much longer to wait. A thread
 * whose summary is newer than its last message (asked for on demand, or a job run twice) and a
 * deleted thread need nothing.
 */
export async function summarizeIfQuiet(
  ctx: SharedThreadsContext,
  input: { sharedThreadId: string; quietSeconds: number },
): Promise<{ waitSeconds: number } | null> {
  const subjects = await loadSummarySubjects(ctx, input.sharedThreadId);
  if (!subjects) return null;
  const { thread } = subjects;
  if (thread.summarizedAt && thread.summarizedAt.getTime() >= thread.lastActivityAt.getTime()) return null;
  const quietFor = Number(subjects.quietSeconds);
  if (quietFor < input.quietSeconds) return { waitSeconds: input.quietSeconds - quietFor };
  await writeSummary(ctx, subjects);
  return null;
}
