/**
 * Shortens text to at most `max` characters (the mark included), at a word boundary when one is in
 * the second half, marking the cut with an ellipsis. Text that fits is returned as it is.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
