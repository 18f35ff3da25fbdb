import { Lexer, type Token, type Tokens } from 'marked';
import { type BlockDraft, collapseWhitespace } from '../block';
import { htmlFragmentBlocks } from './html';

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Markdown as blocks, from marked's lexer: headings with their level, paragraphs, list items
 * (nested ones too), code blocks as paragraphs, and table rows with cells joined by " | ".
 * YAML front matter is metadata, not content, and is skipped.
 */
export function markdownBlocks(markdown: string): BlockDraft[] {
  const blocks: BlockDraft[] = [];
  for (const token of new Lexer({ gfm: true }).lex(markdown.replace(FRONT_MATTER, ''))) tokenBlocks(token, blocks);
  return blocks.filter((block) => block.text.trim());
}

function tokenBlocks(token: Token, blocks: BlockDraft[]): void {
  switch (token.type) {
    case 'heading': {
      const { depth, tokens } = token as Tokens.Heading;
      blocks.push({ kind: 'heading', level: depth, text: inlineText(tokens) });
      return;
    }
    case 'paragraph':
    case 'text': {
      const { tokens, text } = token as Tokens.Paragraph;
      blocks.push({ kind: 'paragraph', text: tokens ? inlineText(tokens) : text.trim() });
      return;
    }
    case 'code':
      blocks.push({ kind: 'paragraph', text: (token as Tokens.Code).text });
      return;
    case 'blockquote':
      for (const child of (token as Tokens.Blockquote).tokens) tokenBlocks(child, blocks);
      return;
    case 'list':
      for (const item of (token as Tokens.List).items) listItemBlocks(item, blocks);
      return;
    case 'table': {
      const { header, rows } = token as Tokens.Table;
      for (const row of [header, ...rows]) {
        blocks.push({
          kind: 'table-row',
          text: row
            .map((cell) => inlineText(cell.tokens))
            .filter(Boolean)
            .join(' | '),
        });
      }
      return;
    }
    case 'html':
      blocks.push(...htmlFragmentBlocks((token as Tokens.HTML).text));
      return;
    default:
      return;
  }
}

/** An item's own text first, then its nested lists as items of their own. */
function listItemBlocks(item: Tokens.ListItem, blocks: BlockDraft[]): void {
  const own = item.tokens.filter((token) => token.type !== 'list');
  const text = own
    .map((token) => ('tokens' in token && token.tokens ? inlineText(token.tokens) : 'text' in token ? collapseWhitespace(token.text) : ''))
    .filter(Boolean)
    .join('\n');
  blocks.push({ kind: 'list-item', text });
  for (const token of item.tokens) if (token.type === 'list') tokenBlocks(token, blocks);
}

/** Inline tokens as the text a reader sees: link and emphasis text, image alt text, no markup. */
function inlineText(tokens: Token[]): string {
  return tokens
    .map((token): string => {
      switch (token.type) {
        case 'br':
          return '\n';
        case 'html':
          return '';
        case 'image':
          return (token as Tokens.Image).text;
        case 'codespan':
        case 'escape':
          return (token as Tokens.Codespan).text;
        default:
          return 'tokens' in token && token.tokens ? inlineText(token.tokens) : 'text' in token ? token.text : '';
      }
    })
    .join('')
    .split('\n')
    .map(collapseWhitespace)
    .filter(Boolean)
    .join('\n');
}
