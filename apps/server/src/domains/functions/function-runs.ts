import { and, eq, ne } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { functions, tasks } from '../../db/schema';
import { readVariableValues, UnreadableVariablesError } from '../variables';
import type { FunctionsContext } from './functions-context';
import { type AbilityScope, hostAbilitiesFor } from './host-abilities';
import { runInSandbox, type SandboxOutcome } from './sandbox';

/** What runs: a merchant's function or a template function, as code with the variables it reads. */
export interface RunSubject {
  /** The merchant's function (its status and log follow the run); absent for template functions. */
  functionId?: string;
  templateFunctionId?: string;
  name: string;
  code: string;
  variableNames: string[];
}

export interface RunRecord {
  outcome: SandboxOutcome;
  taskId: string | null;
  /** The function row after the run (status and log), when a merchant's function ran. */
  fn?: typeof functions.$inferSelect;
}

const at = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const LOG_LINES_KEPT = 20;

/** The `log` a run leaves: what a merchant reads, and what fix/ corrects from. */
export function runLog(outcome: SandboxOutcome, source: 'test' | 'chat'): string {
  const what = source === 'test' ? 'Test run' : 'Run in a chat';
  if (outcome.ok) return `${what} ${at()} succeeded in ${outcome.durationMs} ms.`;
  const console = outcome.logs.length ? `\nConsole:\n${outcome.logs.slice(-LOG_LINES_KEPT).join('\n')}` : '';
  return `${what} ${at()} failed (${outcome.error.code}): ${outcome.error.message}${console}`;
}

/**
 * Runs code in the sandbox with the owner's variables and the abilities of `scope`, and records it:
 * a Task (arguments, result or error, logs, duration) and, for a merchant's function, its status and
 * log, in one transaction, then tells the owner's screens. A variable that cannot be decrypted
 * fails the run with a clear message instead of running without it.
 */
export async function runAndRecord(
  ctx: FunctionsContext,
  input: {
    subject: RunSubject;
    args: unknown;
    scope: AbilityScope;
    assistantId?: string | null;
    source: 'test' | 'chat';
    toolCallId?: string;
    /** The caller giving up (a turn stopped): a run still waiting for the sandbox never runs. */
    signal?: AbortSignal;
  },
): Promise<RunRecord> {
  const { subject, scope } = input;
  let outcome: SandboxOutcome;
  try {
    const variables = await readVariableValues(ctx.db, ctx.env.VARIABLES_ENCRYPTION_KEY, scope.ownerEmail, subject.variableNames);
    outcome = await runInSandbox({
      account: scope.ownerEmail,
      signal: input.signal,
      code: subject.code,
      args: input.args,
      variables,
      host: hostAbilitiesFor(ctx, scope),
    });
  } catch (error) {
    if (!(error instanceof UnreadableVariablesError)) throw error;
    outcome = { ok: false, error: { code: 'runtime', message: error.message }, logs: [], durationMs: 0 };
  }
  const result = {
    source: input.source,
    toolCallId: input.toolCallId,
    name: subject.name,
    templateFunctionId: subject.templateFunctionId,
    input: input.args,
    ok: outcome.ok,
    ...(outcome.ok ? { output: outcome.result } : { error: outcome.error }),
    logs: outcome.logs,
    durationMs: outcome.durationMs,
  };
  try {
    const written = await ctx.db.transaction(async (tx) => {
      const [task] = await tx
        .insert(tasks)
        .values({
          ownerEmail: scope.ownerEmail,
          type: 'function_run',
          result,
          functionId: subject.functionId ?? null,
          assistantId: input.assistantId ?? null,
        })
        .returning({ id: tasks.id });
      // A run the sandbox turned away (busy) says nothing about the code: its status stays.
      const ran = outcome.ok || outcome.error.code !== 'busy';
      if (!subject.functionId || !ran) return { taskId: task?.id ?? null, fn: undefined };
      // A save made while it ran decides the status: a flagged or unparsable function stays so.
      const [fn] = await tx
        .update(functions)
        .set({ status: outcome.ok ? 'ready' : 'failed', log: runLog(outcome, input.source), updatedAt: new Date() })
        .where(
          and(
            eq(functions.id, subject.functionId),
            eq(functions.ownerEmail, scope.ownerEmail),
            ne(functions.status, 'violating'),
            ne(functions.status, 'invalid'),
          ),
        )
        .returning();
      return { taskId: task?.id ?? null, fn };
    });
    if (written.fn) publishRow(ctx, getModel('Function'), 'update', written.fn);
    return { outcome, ...written };
  } catch (error) {
    // The answer matters more than its record: the run is reported, the lost record logged.
    ctx.logger.warn({ err: error, functionId: subject.functionId }, 'could not record a function run');
    return { outcome, taskId: null };
  }
}
