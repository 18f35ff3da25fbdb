/**
 * The assistant's suggested questions (`assistantUserQA[].question`). AWSJSON: an array or its
 * JSON text; blanks and malformed entries are skipped.
 */
export function suggestedQuestionsOf(assistantUserQA: unknown): string[] {
  let value = assistantUserQA;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => (item && typeof item === 'object' && 'question' in item ? String((item as { question: unknown }).question).trim() : ''))
    .filter(Boolean);
}
