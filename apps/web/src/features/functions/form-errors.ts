import type { z } from 'zod';
import { fieldErrorPaths } from '@/lib/api-error-text';

export type FieldErrors = Record<string, string>;

/** The first message per top-level field of a zod failure (`variables.2` counts as `variables`). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    const key = String(field ?? '');
    if (key in fields) continue;
    fields[key] = typeof index === 'number' ? `Item ${index + 1}: ${issue.message}` : issue.message;
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
