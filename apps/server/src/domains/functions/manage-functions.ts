import type { CreateFunctionRequest, FixFunctionResponse } from '@aisle/contracts/functions';
import type { JSONSchema7 } from 'ai';
import { and, eq } from 'drizzle-orm';
import { toApiItem } from '../../data-api/model-fields';
import { getModel } from '../../data-api/model-registry';
import { type Item, publishRow } from '../../data-api/model-store';
import { functions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { withinLimit } from '../billing';
import { analyzeFunctionCode } from './analysis';
import { checkFunction } from './check-function';
import { runAndRecord } from './function-runs';
import type { FunctionsContext } from './functions-context';
import { askModelForCode, FIX_INSTRUCTIONS, INITIALIZE_INSTRUCTIONS } from './model-assist';
import { proposeLocalFix } from './propose-fix';
import { starterFor } from './starter-code';
import { argumentsValidatorFor, describeSchemaErrors, toolDefinitionOf } from './tool-definition';
import { variableNamesOf } from './variable-names';

export const FUNCTION_NOT_FOUND = 'Function not found.';
export const NO_CODE_TO_RUN = 'This function has no code yet. Write it, or press Initialize to start from the description.';
export const flaggedText = (because: string | null) =>
  `This function breaks the rules and cannot run until it is fixed: ${because ?? 'see its check.'}`;

type FunctionRow = typeof functions.$inferSelect;
const publish = (ctx: FunctionsContext, kind: 'create' | 'update' | 'delete', row: FunctionRow) =>
  publishRow(ctx, getModel('Function'), kind, row);

async function loadOwned(ctx: FunctionsContext, ownerEmail: string, id: string): Promise<FunctionRow> {
  const [row] = await ctx.db
    .select()
    .from(functions)
    .where(and(eq(functions.id, id), eq(functions.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', FUNCTION_NOT_FOUND);
  return row;
}

/** functions/create/: the function as sent, checked (status, log, hosts, rules) before it is stored. */
export async function createFunction(
  ctx: FunctionsContext,
  ownerEmail: string,
  body: Required<Omit<CreateFunctionRequest, 'code' | 'functionAssistantDefinition'>> &
    Pick<CreateFunctionRequest, 'code' | 'functionAssistantDefinition'>,
): Promise<Item> {
  const [row] = await withinLimit(ctx, { ownerEmail, limit: 'functions' }, (tx) =>
    tx
      .insert(functions)
      .values({
        ownerEmail,
        name: body.name,
        fileName: `${body.name}.mjs`,
        description: body.description,
        code: body.code ?? null,
        variables: body.variables,
        returnType: body.returnType,
        functionAssistantDefinition: body.functionAssistantDefinition ?? null,
        ...checkFunction(body.code, body.functionAssistantDefinition),
      })
      .returning(),
  );
  if (!row) throw new AppError('INTERNAL', 'The function could not be saved.');
  return publish(ctx, 'create', row);
}

/** functions/delete/: the function and its links to assistants (the join rows cascade). */
export async function deleteFunction(ctx: FunctionsContext, ownerEmail: string, id: string): Promise<{ id: string }> {
  const [row] = await ctx.db
    .delete(functions)
    .where(and(eq(functions.id, id), eq(functions.ownerEmail, ownerEmail)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', FUNCTION_NOT_FOUND);
  publish(ctx, 'delete', row);
  return { id: row.id };
}

/** functions/run/: a test run with the owner's variables, searching all the owner's stores. */
export async function runFunctionNow(ctx: FunctionsContext, ownerEmail: string, input: { id: string; args: Record<string, unknown> }) {
  const fn = await loadOwned(ctx, ownerEmail, input.id);
  if (fn.isViolatingRules) throw new AppError('BAD_REQUEST', flaggedText(fn.violatingBecause));
  if (!fn.code?.trim()) throw new AppError('BAD_REQUEST', NO_CODE_TO_RUN);
  const { parameters } = toolDefinitionOf(fn);
  const validate = argumentsValidatorFor(parameters);
  const args = structuredClone(input.args);
  if (validate && !validate(args)) throw AppError.fields({ args: [`${describeSchemaErrors(validate.errors)}.`] });
  const run = await runAndRecord(ctx, {
    subject: { functionId: fn.id, name: fn.name, code: fn.code, variableNames: variableNamesOf(fn.variables) },
    args,
    scope: { ownerEmail, storeIds: 'all' },
    source: 'test',
  });
  const { outcome } = run;
  const after = run.fn ?? (await loadOwned(ctx, ownerEmail, fn.id));
  return {
    ok: outcome.ok,
    ...(outcome.ok ? { result: outcome.result ?? null } : { error: outcome.error }),
    logs: outcome.logs,
    durationMs: outcome.durationMs,
    taskId: run.taskId ?? '',
    function: toApiItem(getModel('Function'), { ...after }),
  };
}

/**
 * functions/initialize/: starter code and a tool definition from the description — written by the
 * default model when one is configured and payable, otherwise the local skeleton (which runs as is).
 */
export async function initializeFunction(ctx: FunctionsContext, ownerEmail: string, id: string): Promise<Item> {
  const fn = await loadOwned(ctx, ownerEmail, id);
  const variableNames = variableNamesOf(fn.variables);
  const existing = fn.functionAssistantDefinition ? toolDefinitionOf(fn).parameters : null;
  const local = starterFor({ name: fn.name, description: fn.description ?? '', variableNames, parameters: existing as JSONSchema7 | null });
  let code = local.code;
  let definition: unknown = local.definition;
  const written = await askModelForCode(ctx, {
    ownerEmail,
    functionId: fn.id,
    taskType: 'function_initialize',
    system: INITIALIZE_INSTRUCTIONS,
    prompt: `Name: ${fn.name}\nDescription: ${fn.description ?? ''}\nVariables it may read: ${variableNames.join(', ') || 'none'}\nReturns: ${fn.returnType ?? 'object'}`,
  });
  if (written && typeof written.code === 'string' && typeof written.definition === 'object' && written.definition) {
    const analysis = analyzeFunctionCode(written.code, written.definition);
    // The model's code must pass the same checks as the merchant's, or the local starter is used.
    if (!analysis.problem && !analysis.violations.length) {
      code = written.code;
      definition = written.definition;
    }
  }
  const [row] = await ctx.db
    .update(functions)
    .set({ code, functionAssistantDefinition: definition, ...checkFunction(code, definition), updatedAt: new Date() })
    .where(and(eq(functions.id, fn.id), eq(functions.ownerEmail, ownerEmail)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', FUNCTION_NOT_FOUND);
  return publish(ctx, 'update', row);
}

/** functions/fix/: a corrected version of the code from the last error in `log`; nothing is saved. */
export async function proposeFix(ctx: FunctionsContext, ownerEmail: string, id: string): Promise<FixFunctionResponse> {
  const fn = await loadOwned(ctx, ownerEmail, id);
  if (!fn.code?.trim()) throw new AppError('BAD_REQUEST', NO_CODE_TO_RUN);
  const error = fn.status === 'violating' ? (fn.violatingBecause ?? '') : fn.status === 'ready' ? '' : (fn.log ?? '');
  const local = proposeLocalFix(fn.code, error);
  if (!error) return local;
  const answer = await askModelForCode(ctx, {
    ownerEmail,
    functionId: fn.id,
    taskType: 'function_fix',
    system: FIX_INSTRUCTIONS,
    prompt: `The function's code:\n\`\`\`js\n${fn.code}\n\`\`\`\nThe last error:\n${error}`,
  });
  if (answer && typeof answer.code === 'string' && answer.code.trim()) {
    const analysis = analyzeFunctionCode(answer.code, fn.functionAssistantDefinition ?? undefined);
    if (!analysis.problem && !analysis.violations.length) {
      return { code: answer.code, explanation: typeof answer.explanation === 'string' ? answer.explanation : 'Corrected by the model.' };
    }
  }
  return local;
}
