/** The link target a `[n]` marker becomes, read back by the Markdown renderer. */
export const citationHref = (number: number) => `#citation-${number}`;
export const citationNumberOf = (href: string | undefined): number | null => {
  const match = /^#citation-(\d+)$/.exec(href ?? '');
  return match ? Number(match[1]) : null;
};

/**
 * Network models cite passages inline as `[1]`, `[2]`, or in a row (`[1][2]`). Markers that name a
 * known citation become links the renderer shows as chips; anything else (`[see above]`, a real
 * Markdown link, a number with no citation) is left as written.
 */
export function linkCitationMarkers(markdown: string, citations: readonly { number: number }[]): string {
  if (!citations.length) return markdown;
  const known = new Set(citations.map((citation) => citation.number));
  return markdown.replace(/\[(\d{1,3})\](?![(:])/g, (marker, digits: string) =>
    known.has(Number(digits)) ? `[${digits}](${citationHref(Number(digits))})` : marker,
  );
}
