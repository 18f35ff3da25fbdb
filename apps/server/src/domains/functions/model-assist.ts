import { generateText } from 'ai';
import { parseModelId } from '../../lib/model-id';
import { inModelCall, languageModelFor } from '../ai';
import { balanceOf, canSpend, chargeGeneration, generationUsage } from '../billing';
import type { FunctionsContext } from './functions-context';

/**
 * Asks the server's default model to write or correct a function (initialize/, fix/) when a network
 * model is configured and the owner can pay for it; its usage is recorded as a Task and charged in
 * one transaction. Answers null when the local model is the default or the owner has no credit
 * (the callers then use their deterministic local version), and when the model's answer cannot
 * be used.
 */
export async function askModelForCode(
  ctx: FunctionsContext,
  input: { ownerEmail: string; functionId: string; taskType: 'function_initialize' | 'function_fix'; system: string; prompt: string },
): Promise<Record<string, unknown> | null> {
  const modelId = ctx.models.defaultModelId;
  if (parseModelId(modelId).provider === 'local') return null;
  if (!canSpend(modelId, await balanceOf(ctx.db, input.ownerEmail))) return null;
  let text: string;
  let usage: ReturnType<typeof generationUsage>;
  try {
    const result = await inModelCall(modelId, () =>
      generateText({
        model: languageModelFor(ctx.env, modelId),
        system: input.system,
        prompt: input.prompt,
        temperature: 0.2,
        maxOutputTokens: 4_000,
        maxRetries: 1,
      }),
    );
    text = result.text;
    usage = generationUsage(modelId, result.usage);
  } catch (error) {
    ctx.logger.warn({ err: error, modelId }, 'the model could not write function code; using the local version');
    return null;
  }
  await chargeGeneration(ctx.db, {
    ownerEmail: input.ownerEmail,
    type: input.taskType,
    result: { functionId: input.functionId },
    usage,
    functionId: input.functionId,
  });
  return jsonObjectIn(text);
}

/** The JSON object in a model's answer, fenced or bare. */
export function jsonObjectIn(text: string): Record<string, unknown> | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidate = fenced ?? text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  try {
    const value = JSON.parse(candidate) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const INITIALIZE_INSTRUCTIONS = `You write functions for Aisle, an AI assistant builder for online stores. A function is an ES module whose default export is an async function (args, variables) returning a JSON value. It runs in a sandbox with only standard JavaScript, console, fetch (public http/https only), setTimeout and aisle.searchKnowledge({query, limit}); it cannot import modules or use process, require or Node APIs. variables is a read-only object of the merchant's settings (API keys go there, never in code).
Answer with one JSON object only: {"code": "<the module>", "definition": {"type": "function", "function": {"name": "<name>", "description": "<what it does, for the assistant>", "parameters": <JSON schema of an object>}}}.`;

export const FIX_INSTRUCTIONS = `You correct functions for Aisle, an AI assistant builder for online stores. A function is an ES module whose default export is an async function (args, variables) returning a JSON value. It runs in a sandbox with only standard JavaScript, console, fetch (public http/https only), setTimeout and aisle.searchKnowledge; no imports, process, require or Node APIs; never call private network addresses, never use eval or obfuscation, never return the variables object.
Answer with one JSON object only: {"code": "<the corrected module>", "explanation": "<one or two sentences a store owner understands>"}.`;
