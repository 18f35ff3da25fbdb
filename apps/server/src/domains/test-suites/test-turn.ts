import type { ModelMessage } from 'ai';
import { and, eq, sql } from 'drizzle-orm';
import { assistants } from '../../db/schema';
import { afterCharge, chargeGeneration, spendingSql } from '../billing';
import { type LoadedTurn, linkedStoreIds, type TurnAnswer, type TurnStore } from '../turns';
import type { TestSuiteContext } from './test-suite-context';

/** What one asked question of a case cost and said. */
export interface TestTurnReply {
  costUsd: number;
}

/**
 * The turn store of a test question: the assistant answers as it would a shopper on its public
 * link, from its stores, instructions and model, but nothing is written to any thread (a test is
 * never a shopper's conversation, so analytics, the inbox and the month's messages never see it).
 * A paid model's answer is charged like any turn (a Task of type `test_run`, its ledger row).
 *
 * The assistant's functions are not offered: a test must not change anything in the world (an
 * order, a booking) on its way.
 */
export function testTurn(
  ctx: TestSuiteContext,
  input: { ownerEmail: string; assistantId: string; runId: string; caseId: string; history: ModelMessage[]; question: string },
): TurnStore<LoadedTurn, string, TestTurnReply> {
  return {
    async load() {
      const [row] = await ctx.db
        .select({ assistant: assistants, spending: spendingSql(sql`${input.ownerEmail}`) })
        .from(assistants)
        .where(and(eq(assistants.id, input.assistantId), eq(assistants.ownerEmail, input.ownerEmail)))
        .limit(1);
      if (!row) return null;
      const { assistant } = row;
      return {
        ownerEmail: input.ownerEmail,
        assistant,
        storeIds: await linkedStoreIds(ctx.db, input.assistantId),
        hasFunctions: false,
        // A test is not a message of the month: only the credit can refuse it.
        spending: row.spending && { ...row.spending, messages: 0, messageLimit: Number.MAX_SAFE_INTEGER },
        messages: [...input.history, { role: 'user', content: input.question }],
        query: input.question,
        questionText: input.question,
      };
    },
    cannotPay: (_loaded, refusal) => ({ keepQuestion: false, error: refusal }),
    storeQuestion: async () => input.question,
    async storeReply(_loaded, _question, answer: TurnAnswer) {
      const usage = answer.usage;
      if (usage.costUsd > 0 && !usage.refused) {
        let outcome: Parameters<typeof afterCharge>[2];
        await chargeGeneration(
          ctx.db,
          {
            ownerEmail: input.ownerEmail,
            type: 'test_run',
            result: { runId: input.runId, caseId: input.caseId },
            usage,
            assistantId: input.assistantId,
          },
          (charged) => {
            outcome = charged;
          },
        );
        afterCharge(ctx, input.ownerEmail, outcome);
      }
      return { costUsd: usage.costUsd };
    },
  };
}
