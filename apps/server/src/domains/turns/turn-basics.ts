import { DEFAULT_STORE_RETRIEVAL_SETTINGS } from '@aisle/contracts/assistants';
import type { Citation } from '@aisle/contracts/chat';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { assistantStores, type assistants, users } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import type { ModelCatalog } from '../ai/model-catalog';
import { parseModelId } from '../ai/model-catalog';
import type { ProviderFailure } from '../ai/provider-errors';
import { priceOf } from '../billing/pricing';
import type { KnowledgeContext } from '../knowledge/knowledge-context';
import { searchKnowledge } from '../knowledge/retrieval/hybrid-search';

/*
 * What every kind of turn shares (a merchant's chat, a conversation, a visitor's shared chat): the
 * context, credit checks, the stores and the passages retrieved for a question.
 */

/** What a chat turn works with. */
export interface ChatContext {
  db: Db;
  events: EventBus;
  env: Env;
  knowledge: KnowledgeContext;
  models: Pick<ModelCatalog, 'defaultModelId'>;
}

export const STOPPED = 'The answer was stopped.';

export const NO_CREDIT = 'You have no credit left. Top up your balance to keep chatting with this model.';

/** A provider failure as the error the client sees; the user's message stays stored. */
export class TurnFailure extends AppError {
  constructor(readonly failure: ProviderFailure) {
    super('BAD_GATEWAY', failure.message, { bodyCode: failure.code });
  }
}

/** A paid model needs credit; the built-in local model and unpriced self-hosted ones are free. */
export async function checkCredit(db: Db, ownerEmail: string, modelId: string) {
  const { provider, model } = parseModelId(modelId);
  const price = priceOf(provider, model);
  if (price.inputPerMillion + price.outputPerMillion === 0) return;
  const [user] = await db.select({ availableUsd: users.availableUsd }).from(users).where(eq(users.email, ownerEmail)).limit(1);
  if (!user || user.availableUsd <= 0) throw new AppError('PAYMENT_REQUIRED', NO_CREDIT, { bodyCode: 'no_credit' });
}

/** How many model steps a turn may take: tool calls and their results, then the answer. */
export const MAX_TURN_STEPS = 5;

/** The stores an assistant answers from. */
export async function linkedStoreIds(db: Db, assistantId: string): Promise<string[]> {
  const links = await db
    .select({ storeId: assistantStores.storeId })
    .from(assistantStores)
    .where(eq(assistantStores.assistantId, assistantId));
  return links.map((link) => link.storeId);
}

/** A paid model needs credit; `balance` is the owner's available USD as the turn's first query read it. */
export function requireCredit(modelId: string, balance: number) {
  const { provider, model } = parseModelId(modelId);
  const price = priceOf(provider, model);
  if (price.inputPerMillion + price.outputPerMillion > 0 && !(balance > 0)) {
    throw new AppError('PAYMENT_REQUIRED', NO_CREDIT, { bodyCode: 'no_credit' });
  }
}

/** The passages of the assistant's linked stores for this question, numbered for citation. */
export async function retrieveFor(
  ctx: Pick<ChatContext, 'knowledge'>,
  logger: Logger,
  assistant: typeof assistants.$inferSelect,
  storeIds: string[],
  query: string,
) {
  if (!storeIds.length) return [];
  const settings = {
    ...DEFAULT_STORE_RETRIEVAL_SETTINGS,
    ...((assistant.storeRetrievalSettings ?? {}) as Partial<typeof DEFAULT_STORE_RETRIEVAL_SETTINGS>),
  };
  const { results } = await searchKnowledge(ctx.knowledge, logger, {
    ownerEmail: assistant.ownerEmail,
    storeIds,
    query,
    k: settings.passagesPerTurn,
  });
  return results
    .filter((hit) => hit.score >= settings.minimumScore)
    .map((hit, index) => ({
      number: index + 1,
      passageId: hit.passageId,
      score: hit.score,
      fileId: hit.fileId,
      fileName: hit.fileName,
      heading: hit.heading,
      text: hit.text,
    }));
}

export type NumberedPassage = Awaited<ReturnType<typeof retrieveFor>>[number];

export const citationOf = ({ number, fileId, fileName, heading, text }: NumberedPassage): Citation => ({
  number,
  fileId,
  fileName,
  heading,
  text,
});
