import type { LanguageModelUsage } from 'ai';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { tasks, users } from '../../db/schema';
import { parseModelId } from '../ai/model-catalog';
import { costOf, PRICING_AS_OF, type ProviderName, priceOf } from './pricing';

/** What one generation is recorded with (DESIGN "AI": provider, model, tokens and USD cost). */
export interface GenerationUsage {
  provider: ProviderName;
  model: string;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costUsd: number;
  /** False when the model is not in the pricing table and was charged 0. */
  priced: boolean;
  pricingAsOf: string;
}

/** The AI SDK's usage (missing counts are 0: some compatible servers send no usage) priced by the table. */
export function generationUsage(modelId: string, usage: LanguageModelUsage | undefined): GenerationUsage {
  const { provider, model } = parseModelId(modelId);
  const tokens = {
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    cachedInputTokens: usage?.inputTokenDetails?.cacheReadTokens ?? 0,
  };
  return {
    provider,
    model,
    ...tokens,
    costUsd: costOf(provider, model, tokens),
    priced: priceOf(provider, model).priced,
    pricingAsOf: PRICING_AS_OF,
  };
}

/**
 * Records a generation as a Task with its usage and charges the owner its cost. Call it inside the
 * transaction that stores what the generation produced, so the work, its record and its charge
 * are written together or not at all.
 */
export async function recordGeneration(
  tx: DbOrTx,
  input: {
    ownerEmail: string;
    type: string;
    result: unknown;
    usage: GenerationUsage;
    assistantId?: string | null;
    functionId?: string | null;
  },
): Promise<void> {
  const { usage } = input;
  await tx.insert(tasks).values({
    ownerEmail: input.ownerEmail,
    type: input.type,
    result: input.result,
    llmUsage: usage,
    provider: usage.provider,
    model: usage.model,
    assistantId: input.assistantId ?? null,
    functionId: input.functionId ?? null,
  });
  if (usage.costUsd > 0) {
    await tx
      .update(users)
      .set({ availableUsd: sql`${users.availableUsd} - ${usage.costUsd}` })
      .where(eq(users.email, input.ownerEmail));
  }
}
