import { TEST_QUESTION_MAX_LENGTH } from '@aisle/contracts/test-suites';
import { generateText } from 'ai';
import { eq } from 'drizzle-orm';
import { assistants } from '../../db/schema';
import { parseModelId } from '../../lib/model-id';
import { inModelCall, LANGUAGE_NAMES, languageModelFor, type ShopperLanguage } from '../ai';
import { afterCharge, balanceSql, canSpend, chargeGeneration, generationUsage } from '../billing';
import type { GeneratedCase } from './generate-cases';
import type { TestSuiteContext } from './test-suite-context';

/** Questions given to the model to phrase again, at most (one call). */
const PHRASED_MAX = 30;

const instructions = (language: string) =>
  `You help an online shop test its customer-service assistant. For each numbered question, write ONE other way a real shopper might ask the same thing in a chat: in ${language}, casual and short, with different words where a natural synonym exists, keeping every product name and number exactly. Answer with a JSON array of strings only, one per question, in the same order.`;

/** The first JSON array of strings in a model's text (models wrap JSON in prose or code fences). */
function phrasingsOf(text: string, count: number): (string | null)[] {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) return [];
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    if (!Array.isArray(parsed)) return [];
    return parsed
      .slice(0, count)
      .map((item) => (typeof item === 'string' && item.trim() ? item.trim().slice(0, TEST_QUESTION_MAX_LENGTH) : null));
  } catch {
    return [];
  }
}

/**
 * More varied phrasings of the generated questions, written by the assistant's own model when it is
 * a network model the owner can pay for (one call, charged as a Task like any generation): each a
 * case of its own expecting the same fact, made by `model`. Nothing without such a model, or when the
 * call fails (the offline cases stand on their own).
 */
export async function modelPhrasings(
  ctx: TestSuiteContext,
  input: { ownerEmail: string; assistantId: string; language: ShopperLanguage; cases: GeneratedCase[] },
): Promise<GeneratedCase[]> {
  const [assistant] = await ctx.db
    .select({ model: assistants.model, balance: balanceSql(input.ownerEmail) })
    .from(assistants)
    .where(eq(assistants.id, input.assistantId))
    .limit(1);
  const modelId = assistant?.model || ctx.models.defaultModelId;
  if (!assistant || parseModelId(modelId).provider === 'local' || !canSpend(modelId, assistant.balance)) return [];
  const originals = input.cases
    .filter((c) => !c.followUp && !c.expectRefusal && (c.kind === 'faq' || c.kind === 'product'))
    .slice(0, PHRASED_MAX);
  if (!originals.length) return [];
  try {
    const result = await inModelCall(modelId, () =>
      generateText({
        model: languageModelFor(ctx.env, modelId),
        system: instructions(LANGUAGE_NAMES[input.language]),
        prompt: originals.map((c, index) => `${index + 1}. ${c.question}`).join('\n'),
        temperature: 0.7,
        maxOutputTokens: 60 * originals.length,
        maxRetries: 1,
      }),
    );
    const usage = generationUsage(modelId, result.usage);
    const phrased = phrasingsOf(result.text, originals.length);
    let outcome: Parameters<typeof afterCharge>[2];
    await chargeGeneration(
      ctx.db,
      {
        ownerEmail: input.ownerEmail,
        type: 'test_suite_phrasings',
        result: { assistantId: input.assistantId, phrasings: phrased.filter(Boolean).length },
        usage,
        assistantId: input.assistantId,
      },
      (charged) => {
        outcome = charged;
      },
    );
    afterCharge(ctx, input.ownerEmail, outcome);
    return originals.flatMap((original, index) => {
      const question = phrased[index];
      if (!question || question.toLowerCase() === original.question.toLowerCase()) return [];
      return [{ ...original, question, origin: 'model' as const }];
    });
  } catch (error) {
    ctx.logger.warn({ err: error, assistantId: input.assistantId }, 'the model could not phrase test questions; the offline ones stand');
    return [];
  }
}
