import type { z } from 'zod';
import { i18n } from '@/i18n/i18n';
import { fieldErrorPaths } from '@/lib/api-error-text';

export type FieldErrors = Record<string, string>;

/**
 * One of the contract's checks, in the interface's language: read from the issue's code and values
 * (the contract words them in English), anything else as zod words it. A pattern on `name` is the
 * function-name rule; every other pattern here is the variable-name rule.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? i18n.t('functions:validation.blank') : issue.message;
    case 'too_big':
      if (issue.origin === 'string') return i18n.t('functions:validation.tooLong', { max: Number(issue.maximum) });
      if (issue.origin === 'array' && issue.path[0] === 'variables')
        return i18n.t('functions:validation.tooManyVariables', { max: Number(issue.maximum) });
      return issue.message;
    case 'invalid_format':
      if (issue.format !== 'regex') return issue.message;
      return issue.path[0] === 'name' ? i18n.t('functions:validation.functionName') : i18n.t('functions:validation.variableName');
    case 'invalid_value':
      return i18n.t('functions:validation.returnType', { types: issue.values.join(', ') });
    default:
      return issue.message;
  }
}

/** The first message per top-level field of a zod failure (`variables.2` counts as `variables`). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    const key = String(field ?? '');
    if (key in fields) continue;
    const message = issueText(issue);
    fields[key] = typeof index === 'number' ? i18n.t('functions:validation.item', { index: index + 1, message }) : message;
  }
  return fields;
}

/** A DRF 400 (`{name: ["…"]}`, `{variables: {"0": ["…"]}}`) as the same top-level field errors. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const fields: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrorPaths(error))) {
    const key = path.split('.')[0] ?? path;
    fields[key] ??= message;
  }
  return fields;
}
