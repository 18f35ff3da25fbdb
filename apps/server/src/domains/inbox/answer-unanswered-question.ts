import { and, asc, eq } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { assistantStores, unansweredQuestions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { addTextDocument } from '../knowledge';
import type { InboxContext } from './inbox-context';

export const QUESTION_NOT_FOUND = 'Question not found.';
export const NO_STORE = 'Link a store to this assistant first: the answer is added to its store.';
const ANSWER_MAX_LENGTH = 4_000;

/** "Do you ship to Japan?" → "do-you-ship-to-japan". */
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'answer';

/**
 * `answerUnansweredQuestion`: the owner answers a question the assistant could not ("add an answer
 * to the store"). The answer becomes a small FAQ document in the assistant's first linked store,
 * indexed at once, so the next shopper who asks gets it; the question is marked answered.
 */
export async function answerUnansweredQuestion(ctx: InboxContext, input: { ownerEmail: string; id: string; answer: string }) {
  const answer = input.answer.trim();
  if (!answer) throw AppError.fields({ answer: ['This field may not be blank.'] });
  if (answer.length > ANSWER_MAX_LENGTH)
    throw AppError.fields({ answer: [`Ensure this field has no more than ${ANSWER_MAX_LENGTH} characters.`] });
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', QUESTION_NOT_FOUND);
  const [question] = await ctx.db
    .select()
    .from(unansweredQuestions)
    .where(and(eq(unansweredQuestions.id, input.id), eq(unansweredQuestions.ownerEmail, input.ownerEmail)));
  if (!question) throw new AppError('NOT_FOUND', QUESTION_NOT_FOUND);
  const [link] = await ctx.db
    .select({ storeId: assistantStores.storeId })
    .from(assistantStores)
    .where(eq(assistantStores.assistantId, question.assistantId))
    .orderBy(asc(assistantStores.createdAt))
    .limit(1);
  if (!link) throw AppError.fields({ answer: [NO_STORE] });
  const file = await addTextDocument(ctx.knowledge, ctx.logger, {
    ownerEmail: input.ownerEmail,
    storeId: link.storeId,
    fileName: `faq-${slugOf(question.question)}.md`,
    markdown: `# Questions from shoppers\n\n## ${question.question.replace(/\s+/g, ' ').trim()}\n\n${answer}\n`,
  });
  const [row] = await ctx.db
    .update(unansweredQuestions)
    .set({ answer, answeredAt: new Date(), fileId: file.id, updatedAt: new Date() })
    .where(eq(unansweredQuestions.id, question.id))
    .returning();
  return publishRow(ctx, getModel('UnansweredQuestion'), 'update', row as object);
}
