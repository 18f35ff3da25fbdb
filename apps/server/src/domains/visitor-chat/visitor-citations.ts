import { type PublicCitation, SOURCE_SNIPPET_MAX_LENGTH } from '@aisle/contracts/visitor-chat';
import { passageSnippet, sourceTitle } from '../knowledge';

/** A citation as stored with a reply (`llmUsage.citations`): the owner's full view of the passage. */
export interface StoredCitation {
  number?: unknown;
  fileName?: unknown;
  heading?: unknown;
  text?: unknown;
}

/**
 * A closing "Sources:" paragraph naming files: the local model wrote one into its answers until
 * sources travelled apart (older stored replies have it), and network models sometimes add one.
 */
const SOURCES_PARAGRAPH = /\n\s*Sources:[\s\S]*$/;
/** `[n]` as a model writes it to cite a passage, alone or in a row (`[1][2]`); not a Markdown link `[1](…)`. */
const CITATION_MARKER = /\[(\d{1,3})\](?![(:])/g;

/**
 * A bot's reply as the visitor sees it: each cited passage reduced to a friendly title and the
 * sentences that answer (never the file's name, its heading path or the rest of the passage),
 * numbered from 1 in the order shown, and the reply's `[n]` markers renumbered to match. The same
 * source cited twice is shown once; a closing list of sources in the text is dropped (the sources
 * are shown apart).
 */
export function visitorReplyOf(content: string, stored: readonly StoredCitation[]): { content: string; citations: PublicCitation[] } {
  const body = content.replace(SOURCES_PARAGRAPH, '');
  const about = body.replace(CITATION_MARKER, ' ');
  const citations: PublicCitation[] = [];
  const renumbered = new Map<number, number>();
  for (const citation of stored) {
    const title = sourceTitle({ fileName: String(citation.fileName ?? ''), heading: String(citation.heading ?? '') });
    const snippet = passageSnippet({ text: String(citation.text ?? ''), about, maxLength: SOURCE_SNIPPET_MAX_LENGTH });
    let shown = citations.find((c) => c.title === title && c.snippet === snippet);
    if (!shown) {
      shown = { number: citations.length + 1, title, snippet };
      citations.push(shown);
    }
    renumbered.set(Number(citation.number), shown.number);
  }
  const text = body.replace(CITATION_MARKER, (marker, digits: string) => {
    const number = renumbered.get(Number(digits));
    return number === undefined ? marker : `[${number}]`;
  });
  return { content: text, citations };
}
