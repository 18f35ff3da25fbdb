import { type JSONSchema7, jsonSchema, type ToolSet, tool } from 'ai';
import { type AnyColumn, and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  assistantCustomUserTemplates,
  assistantFunctions,
  assistantTemplates,
  customUserTemplates,
  functions,
  templateFunctions,
  templates,
  userTemplateFunctions,
} from '../../db/schema';
import type { AbilityScope, FunctionsContext } from '../functions';
import { argumentsValidatorFor, describeSchemaErrors, runAndRecord, toolDefinitionOf, variableNamesOf } from '../functions';

/** A linked function (the merchant's own, or a template's) as the model sees it, with what it takes to run it. */
export interface FunctionTool {
  functionId?: string;
  templateFunctionId?: string;
  name: string;
  description: string;
  parameters: JSONSchema7;
  code: string;
  variableNames: string[];
}

/**
 * The functions an assistant may run: its own linked functions with code that the rules check has
 * not flagged, and the active functions of its linked templates and custom templates. Names are
 * made unique (the providers refuse two tools of one name).
 */
export async function linkedFunctionTools(db: Db, ownerEmail: string, assistantId: string): Promise<FunctionTool[]> {
  const templateColumns = {
    id: templateFunctions.id,
    name: templateFunctions.name,
    description: templateFunctions.description,
    code: templateFunctions.code,
    functionAssistantDefinition: templateFunctions.functionAssistantDefinition,
    variables: templateFunctions.variables,
    createdAt: templateFunctions.createdAt,
  };
  const [own, fromTemplates, fromCustom] = await Promise.all([
    db
      .select({ fn: functions })
      .from(assistantFunctions)
      .innerJoin(functions, eq(functions.id, assistantFunctions.functionId))
      .where(
        and(
          eq(assistantFunctions.assistantId, assistantId),
          eq(assistantFunctions.ownerEmail, ownerEmail),
          eq(functions.ownerEmail, ownerEmail),
          eq(functions.isViolatingRules, false),
        ),
      )
      .orderBy(functions.createdAt),
    db
      .select(templateColumns)
      .from(assistantTemplates)
      .innerJoin(templates, eq(templates.id, assistantTemplates.templateId))
      .innerJoin(templateFunctions, eq(templateFunctions.templateId, templates.id))
      .where(
        and(
          eq(assistantTemplates.assistantId, assistantId),
          eq(assistantTemplates.ownerEmail, ownerEmail),
          eq(templates.active, true),
          eq(templateFunctions.active, true),
          isNotNull(templateFunctions.code),
        ),
      )
      .orderBy(templateFunctions.createdAt),
    db
      .select(templateColumns)
      .from(assistantCustomUserTemplates)
      .innerJoin(customUserTemplates, eq(customUserTemplates.id, assistantCustomUserTemplates.customUserTemplateId))
      .innerJoin(userTemplateFunctions, eq(userTemplateFunctions.customUserTemplateId, customUserTemplates.id))
      .innerJoin(templateFunctions, eq(templateFunctions.id, userTemplateFunctions.templateFunctionId))
      .innerJoin(templates, eq(templates.id, templateFunctions.templateId))
      .where(
        and(
          eq(assistantCustomUserTemplates.assistantId, assistantId),
          eq(assistantCustomUserTemplates.ownerEmail, ownerEmail),
          eq(customUserTemplates.ownerEmail, ownerEmail),
          eq(templates.active, true),
          eq(templateFunctions.active, true),
          isNotNull(templateFunctions.code),
        ),
      )
      .orderBy(templateFunctions.createdAt),
  ]);
  const taken = new Set<string>();
  const unique = (base: string) => {
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 60)}_${n}`;
    taken.add(name);
    return name;
  };
  const tools: FunctionTool[] = own.flatMap(({ fn }) => {
    if (!fn.code?.trim()) return [];
    const definition = toolDefinitionOf(fn);
    return [
      { functionId: fn.id, ...definition, name: unique(definition.name), code: fn.code, variableNames: variableNamesOf(fn.variables) },
    ];
  });
  const seen = new Set<string>();
  for (const fn of [...fromTemplates, ...fromCustom]) {
    if (seen.has(fn.id) || !fn.code?.trim()) continue;
    seen.add(fn.id);
    const definition = toolDefinitionOf(fn);
    tools.push({
      templateFunctionId: fn.id,
      ...definition,
      name: unique(definition.name),
      code: fn.code,
      variableNames: variableNamesOf(fn.variables),
    });
  }
  return tools;
}

/** Whether an assistant has any tools (own functions, templates, custom templates): a turn without them saves a query. */
export const hasToolsSql = (assistantId: AnyColumn) =>
  sql<boolean>`(exists (SELECT 1 FROM ${assistantFunctions} WHERE ${assistantFunctions.assistantId} = ${assistantId})
    OR exists (SELECT 1 FROM ${assistantTemplates} WHERE ${assistantTemplates.assistantId} = ${assistantId})
    OR exists (SELECT 1 FROM ${assistantCustomUserTemplates} WHERE ${assistantCustomUserTemplates.assistantId} = ${assistantId}))`;

/** Where a turn's tools run: the owner, the assistant, its stores and the visitor's thread (for saveContact). */
export interface ToolScope {
  ownerEmail: string;
  assistantId: string;
  storeIds: string[];
  saveContact?: AbilityScope['saveContact'];
  tools: FunctionTool[];
}

/**
 * The AI SDK tools of a turn: arguments are checked against each function's JSON schema before
 * anything runs (a mismatch goes back to the model as a clear error it can correct), the code runs
 * in the sandbox with the owner's variables and the turn's abilities, and every run is recorded
 * (function-runs.ts).
 */
export function toolSetOf(ctx: FunctionsContext, input: ToolScope): ToolSet {
  const set: ToolSet = {};
  for (const fn of input.tools) {
    const validate = argumentsValidatorFor(fn.parameters);
    if (!validate) {
      ctx.logger.warn(
        { functionId: fn.functionId, templateFunctionId: fn.templateFunctionId },
        'a linked function has an invalid schema; it is not offered',
      );
      continue;
    }
    set[fn.name] = tool({
      description: fn.description,
      inputSchema: jsonSchema(fn.parameters, {
        validate: (value) => {
          const args = structuredClone(value ?? {});
          return validate(args)
            ? { success: true, value: args }
            : { success: false, error: new Error(`Invalid arguments for ${fn.name}: ${describeSchemaErrors(validate.errors)}.`) };
        },
      }),
      execute: async (args, { toolCallId, abortSignal }) => {
        const { outcome } = await runAndRecord(ctx, {
          subject: {
            functionId: fn.functionId,
            templateFunctionId: fn.templateFunctionId,
            name: fn.name,
            code: fn.code,
            variableNames: fn.variableNames,
          },
          args,
          scope: { ownerEmail: input.ownerEmail, storeIds: input.storeIds, saveContact: input.saveContact },
          assistantId: input.assistantId,
          source: 'chat',
          toolCallId,
          signal: abortSignal,
        });
        if (!outcome.ok) throw new Error(`${fn.name} failed: ${outcome.error.message}`);
        return outcome.result;
      },
    });
  }
  return set;
}
