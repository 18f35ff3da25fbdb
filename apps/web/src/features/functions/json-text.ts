import { i18n } from '@/i18n/i18n';

/** Text typed into a JSON editor, read: its value, or a message saying where it stops being JSON. */
export type JsonTextResult = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJsonText(text: string): JsonTextResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // Engines word this differently ("Unexpected token } in JSON at position 12", "Expected ','…");
    // their text is the most precise pointer we have, so it is shown as is (in the engine's language).
    return {
      ok: false,
      message: i18n.t('functions:json.invalid', { message: error instanceof Error ? error.message : String(error) }),
    };
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Values shown in editors and results: two-space JSON, with `undefined` read as null. */
export const prettyJson = (value: unknown) => JSON.stringify(value ?? null, null, 2);
