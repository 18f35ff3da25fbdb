import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { citationNumberOf, linkCitationMarkers } from './citation-markers';

/**
 * An assistant's reply as Markdown. Raw HTML in the text is never rendered (react-markdown skips
 * it) and the tree is sanitised on top, so a model echoing a page's HTML cannot inject anything.
 * Links open in a new tab; `[n]` markers of known citations show as `renderCitation` draws them
 * (the owner's source chip, the visitor's plain number), or stay as written without it.
 */
export function MarkdownReply<C extends { number: number }>({
  text,
  citations = [],
  renderCitation,
}: {
  text: string;
  citations?: readonly C[];
  renderCitation?: (citation: C) => ReactNode;
}) {
  const linked = renderCitation ? citations : [];
  const components: Components = {
    a: ({ href, children }) => {
      const number = citationNumberOf(href);
      const citation = number === null ? undefined : linked.find((c) => c.number === number);
      if (citation && renderCitation) return renderCitation(citation);
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline underline-offset-2">
          {children}
        </a>
      );
    },
  };
  return (
    <div className="chat-markdown text-sm leading-relaxed [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_h1]:font-semibold [&_h1]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:my-2 [&_table]:w-full [&_table]:text-xs [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-5">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components}>
        {linkCitationMarkers(text, linked)}
      </ReactMarkdown>
    </div>
  );
}
