import { type RequiredVariable, requiredVariableSchema } from '@aisle/contracts/functions';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { jsonField } from './assistant-form';
import type { LinkChange } from './link-diff';
import { validationText } from './validation-text';

/** A link call of a save that the server refused (or that never reached it), with its error. */
export interface LinkFailure {
  change: LinkChange;
  error: unknown;
}

/** `missingVariablesText` of the contracts: what template-add/ answers (400) while required variables are unset. */
const MISSING_VARIABLES = /^Set the variables? (.+) before adding this template\.$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The names in the server's "Set the variable X before adding this template." refusal, else none. */
export function missingVariableNames(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object') return [];
  const { detail, code } = error.data as { detail?: unknown; code?: unknown };
  if (typeof detail !== 'string' || (code !== undefined && code !== 'missing_variables')) return [];
  const names = MISSING_VARIABLES.exec(detail)?.[1]?.split(', ') ?? [];
  return names.every((name) => VARIABLE_NAME.test(name)) ? names : [];
}

/** Why a link was not made or removed: the server's words (in the interface's language where known). */
export function linkFailureText(error: unknown): string {
  return validationText(apiErrorText(error, i18n.t('assistants:saveErrors.tryAgain')));
}

/** A template's `requiredVariables` (AWSJSON text on the data API); malformed entries are skipped. */
export function requiredVariablesOf(value: unknown): RequiredVariable[] {
  const parsed = jsonField(value);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const result = requiredVariableSchema.safeParse(entry);
    return result.success ? [result.data] : [];
  });
}
