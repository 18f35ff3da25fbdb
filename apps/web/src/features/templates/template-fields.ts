import { type RequiredVariable, requiredVariableSchema } from '@aisle/contracts/functions';

/**
 * Templates and template functions as this screen reads them (spec §3 Template, TemplateFunction).
 * Their AWSJSON fields (`requiredVariables`, `variables`) arrive as JSON text on the data API.
 */
export interface TemplateItem {
  id: string;
  name: string;
  description: string | null;
  active: boolean | null;
  requiredVariables: unknown;
}

export interface TemplateFunctionItem {
  id: string;
  name: string;
  description: string | null;
  functionAssistantDefinition?: unknown;
  variables: unknown;
  returnType?: string | null;
  templateID: string;
  active?: boolean | null;
}

/** An AWSJSON value: JSON text parsed, anything already parsed kept, unreadable text as undefined. */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** A template's required variables; malformed entries are skipped rather than breaking the card. */
export function requiredVariablesOf(template: Pick<TemplateItem, 'requiredVariables'>): RequiredVariable[] {
  const value = jsonValue(template.requiredVariables);
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = requiredVariableSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The names of the variables a template function reads (its `variables` field). */
export function variableNamesOf(fn: Pick<TemplateFunctionItem, 'variables'>): string[] {
  const value = jsonValue(fn.variables);
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry === 'string') return [entry];
    // Tolerates `{name}` entries, the shape requiredVariables uses.
    if (entry && typeof entry === 'object' && 'name' in entry && typeof entry.name === 'string') return [entry.name];
    return [];
  });
}

/** Spec §3: only active templates (and functions) are offered; a missing flag counts as active. */
export const isActive = (item: { active?: boolean | null }) => item.active !== false;
