import type { RequiredVariable, VariableItem } from '@aisle/contracts/functions';
import { requiredVariablesOf, type TemplateFunctionItem, type TemplateItem, variableNamesOf } from './template-fields';

export interface RequiredVariableStatus extends RequiredVariable {
  /** The owner has a variable of this name. */
  isSet: boolean;
}

/** Each required variable with whether the owner has set it (by name, as template-add/ checks). */
export function requiredVariableStatuses(
  required: readonly RequiredVariable[],
  variables: readonly VariableItem[],
): RequiredVariableStatus[] {
  const names = new Set(variables.map((variable) => variable.name));
  return required.map((entry) => ({ ...entry, isSet: names.has(entry.name) }));
}

export const missingVariables = (required: readonly RequiredVariable[], variables: readonly VariableItem[]) =>
  requiredVariableStatuses(required, variables).filter((entry) => !entry.isSet);

/**
 * What a custom template needs: the required variables of its functions' templates, kept only
 * where one of the chosen functions reads them (its `variables`), each name once. A variable is
 * secret when any template declares it so.
 */
export function customTemplateRequiredVariables(
  functions: readonly Pick<TemplateFunctionItem, 'templateID' | 'variables'>[],
  templates: readonly TemplateItem[],
): RequiredVariable[] {
  const byId = new Map(templates.map((template) => [template.id, template]));
  const result = new Map<string, RequiredVariable>();
  for (const fn of functions) {
    const template = byId.get(fn.templateID);
    if (!template) continue;
    const reads = new Set(variableNamesOf(fn));
    for (const entry of requiredVariablesOf(template)) {
      if (!reads.has(entry.name)) continue;
      const seen = result.get(entry.name);
      result.set(entry.name, seen ? { ...seen, secret: seen.secret || entry.secret } : entry);
    }
  }
  return [...result.values()];
}
