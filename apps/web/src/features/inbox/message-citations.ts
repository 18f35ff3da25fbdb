import { type Citation, citationSchema } from '@aisle/contracts/chat';

/**
 * The sources of a reply, from its `llmUsage` (AWSJSON: an object or its JSON text), so the
 * reply's `[n]` markers become source chips. Anything malformed is simply no source.
 */
export function citationsOf(llmUsage: unknown): Citation[] {
  let usage = llmUsage;
  if (typeof usage === 'string') {
    try {
      usage = JSON.parse(usage);
    } catch {
      return [];
    }
  }
  const list = usage && typeof usage === 'object' && 'citations' in usage ? usage.citations : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = citationSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
