import { DEFAULT_STORE_RETRIEVAL_SETTINGS } from '@aisle/contracts/assistants';
import type { Citation } from '@aisle/contracts/chat';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { assistantStores, type assistants } from '../../db/schema';
import { searchKnowledge } from '../knowledge';
import type { TurnContext } from './turn-context';

/** The stores an assistant answers from. */
export async function linkedStoreIds(db: Db, assistantId: string): Promise<string[]> {
  const links = await db
    .select({ storeId: assistantStores.storeId })
    .from(assistantStores)
    .where(eq(assistantStores.assistantId, assistantId));
  return links.map((link) => link.storeId);
}

/** The passages of the assistant's linked stores for this question, numbered for citation. */
export async function retrieveFor(
  ctx: Pick<TurnContext, 'knowledge'>,
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
