import type * as ReadabilityPackage from '@mozilla/readability';
import type * as Linkedom from 'linkedom';
import { loadOnUse } from '../../../../lib/load-on-use';
import { type BlockDraft, collapseWhitespace } from '../block';

/** The DOM and Readability, loaded with the first page or product description to read. */
const linkedom = loadOnUse<typeof Linkedom>('linkedom');
const readability = loadOnUse<typeof ReadabilityPackage>('@mozilla/readability');
const parseHTML = (html: string) => linkedom().parseHTML(html);

/** Elements that never hold a page's content. */
const NEVER_CONTENT = 'script, style, noscript, template, iframe, object, embed, svg, canvas, form, button, select, dialog, [hidden]';
/** Site chrome around the content: navigation, sidebars, banners, pop-ups. */
const CHROME = [
  'nav',
  'aside',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-hidden="true"]',
].join(', ');
/** Ids and classes of cookie banners, newsletter pop-ups and the like. */
const CHROME_NAME = /(^|[-_\s])(cookie|cookies|consent|gdpr|newsletter|popup|modal|banner|skip-link|breadcrumbs?)([-_\s]|$)/i;
const HEADING = /^h([1-6])$/;
const PARAGRAPH = new Set(['p', 'pre', 'figcaption', 'dt', 'dd', 'summary', 'caption', 'address']);
const CONTAINER = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'body',
  'blockquote',
  'figure',
  'details',
  'dl',
  'ul',
  'ol',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'center',
  'fieldset',
  'hgroup',
]);
/** Below this much text, a Readability pick is not trusted over the whole body. */
const READABILITY_MIN_CHARS = 200;

type HtmlDocument = ReturnType<typeof Linkedom.parseHTML>['document'];
type Element = NonNullable<ReturnType<HtmlDocument['querySelector']>>;
type Node = Element['childNodes'][number];

const isElement = (node: Node): node is Element => node.nodeType === 1;

/**
 * A web page's main content as blocks, without the site around it (navigation, header, footer,
 * sidebars, cookie banners, scripts): those words would otherwise match every search. The page
 * title leads as a heading when the content has no h1 of its own.
 */
export function htmlBlocks(html: string): BlockDraft[] {
  const { document } = parseHTML(html);
  const title = collapseWhitespace(document.title ?? '');
  stripChrome(document.documentElement);
  const root = semanticMain(document) ?? readabilityMain(html) ?? document.body;
  const blocks = root ? elementBlocks(root) : [];
  if (title && !blocks.some((block) => block.kind === 'heading' && block.level === 1))
    blocks.unshift({ kind: 'heading', level: 1, text: title });
  return blocks;
}

/**
 * A fragment of trusted markup (a converted Word document, a product description) as blocks,
 * structure kept and nothing picked away but scripts and styles.
 */
export function htmlFragmentBlocks(html: string): BlockDraft[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const element of document.querySelectorAll(NEVER_CONTENT)) element.remove();
  return document.body ? elementBlocks(document.body) : [];
}

/** Markup as plain text, one block a line: for product descriptions kept as HTML in exports. */
export function htmlToText(html: string): string {
  return htmlFragmentBlocks(html)
    .map((block) => block.text)
    .join('\n');
}

function stripChrome(root: Element): void {
  for (const element of root.querySelectorAll(NEVER_CONTENT)) element.remove();
  for (const element of root.querySelectorAll(CHROME)) element.remove();
  // A header or footer inside the article is the article's own (its title, its byline): keep those.
  for (const element of root.querySelectorAll('header, footer')) {
    if (!element.parentElement?.closest('main, article, [role="main"]')) element.remove();
  }
  for (const element of root.querySelectorAll('[id], [class]')) {
    const names = `${element.getAttribute('id') ?? ''} ${element.getAttribute('class') ?? ''}`;
    if (CHROME_NAME.test(names) && element.tagName.toLowerCase() !== 'body' && element.tagName.toLowerCase() !== 'html') element.remove();
  }
}

function semanticMain(document: HtmlDocument): Element | null {
  const main = document.querySelector('main, [role="main"]');
  if (main) return main;
  const articles = document.querySelectorAll('article');
  return articles.length === 1 ? (articles[0] ?? null) : null;
}

/** Pages without a <main> or a single <article>: Mozilla Readability's pick of the content. */
function readabilityMain(html: string): Element | null {
  const { document } = parseHTML(html);
  const article = new (readability().Readability)(document).parse();
  if (!article?.content || (article.textContent ?? '').trim().length < READABILITY_MIN_CHARS) return null;
  return parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body;
}

/** Walks an element in reading order; inline runs between block children become paragraphs. */
function elementBlocks(root: Element): BlockDraft[] {
  const blocks: BlockDraft[] = [];
  let inline = '';
  const flush = () => {
    const text = collapseWhitespace(inline);
    if (text) blocks.push({ kind: 'paragraph', text });
    inline = '';
  };
  for (const node of root.childNodes) {
    if (!isElement(node)) {
      if (node.nodeType === 3) inline += node.textContent ?? '';
      continue;
    }
    const tag = node.tagName.toLowerCase();
    const heading = HEADING.exec(tag);
    if (heading) {
      flush();
      push(blocks, { kind: 'heading', level: Number(heading[1]), text: inlineText(node) });
    } else if (tag === 'li') {
      flush();
      listItemBlocks(node, blocks);
    } else if (tag === 'tr') {
      flush();
      const cells = [...node.children].filter((cell) => /^t[dh]$/i.test(cell.tagName)).map((cell) => inlineText(cell as Element));
      push(blocks, { kind: 'table-row', text: cells.filter(Boolean).join(' | ') });
    } else if (tag === 'pre') {
      flush();
      push(blocks, { kind: 'paragraph', text: (node.textContent ?? '').replace(/^\n+|\s+$/g, '') });
    } else if (PARAGRAPH.has(tag) || (CONTAINER.has(tag) && !hasBlockChild(node))) {
      flush();
      push(blocks, { kind: 'paragraph', text: inlineText(node) });
    } else if (CONTAINER.has(tag)) {
      flush();
      blocks.push(...elementBlocks(node));
    } else if (tag === 'br') {
      inline += '\n';
    } else {
      inline += inlineText(node, false);
    }
  }
  flush();
  return blocks;
}

/** A list item's own text, then any list nested in it as items of their own. */
function listItemBlocks(item: Element, blocks: BlockDraft[]): void {
  const nested = [...item.children].filter((child) => /^(ul|ol)$/i.test(child.tagName)) as Element[];
  for (const list of nested) list.remove();
  push(blocks, { kind: 'list-item', text: inlineText(item) });
  for (const list of nested) blocks.push(...elementBlocks(list));
}

function hasBlockChild(element: Element): boolean {
  return [...element.children].some((child) => {
    const tag = child.tagName.toLowerCase();
    return HEADING.test(tag) || PARAGRAPH.has(tag) || CONTAINER.has(tag) || tag === 'li' || tag === 'tr';
  });
}

/** An element's text as rendered inline: whitespace collapsed, line breaks kept. */
function inlineText(element: Element, trim = true): string {
  let text = '';
  for (const node of element.childNodes) {
    if (isElement(node)) {
      const tag = node.tagName.toLowerCase();
      // Block-ish children (a div in a span, cells) still separate words; inline ones (a, strong) do not.
      text += tag === 'br' ? '\n' : CONTAINER.has(tag) || PARAGRAPH.has(tag) ? ` ${inlineText(node, false)} ` : inlineText(node, false);
    } else if (node.nodeType === 3) {
      text += node.textContent ?? '';
    }
  }
  if (!trim) return text;
  return text.split('\n').map(collapseWhitespace).filter(Boolean).join('\n');
}

function push(blocks: BlockDraft[], block: BlockDraft): void {
  if (block.text.trim()) blocks.push(block);
}
