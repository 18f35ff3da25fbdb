import type { Frame, Page } from 'playwright-core';

/** Names and codes that stay as they are in every language. */
const UNTRANSLATED = new Set(
  [
    'Aisle',
    'AI',
    'LINE',
    'Instagram',
    'Messenger',
    'WhatsApp',
    'Shopify',
    'Facebook',
    'Stripe',
    'Markdown',
    // Written in Latin letters in Japanese and Thai UIs too (Webチャット), and a time zone's code.
    'Web',
    'UTC',
    'Meta',
    'Google',
    'GPT',
    'Claude',
    'OpenAI',
    'Anthropic',
    'FAQ',
    'URL',
    'CSV',
    'PDF',
    'JSON',
    'HTML',
    'DOCX',
    'XLSX',
    'TXT',
    'MD',
    'ID',
    'API',
    'USD',
    'ml',
    'KB',
    'MB',
    'GB',
    // Key names, as keyboards print them.
    'alt',
    'ctrl',
    'shift',
    'cmd',
  ].map((word) => word.toLowerCase()),
);

/**
 * The English words a reader of another language would meet on the page: every visible text, and
 * what assistive technology reads (`aria-label`, `title`, `alt`, placeholders), with `ownWords`
 * (the merchant's own content: names, e-mails, answers quoted from their files) taken out first.
 * Latin words of two letters or more that are not names or codes (UNTRANSLATED) count.
 */
export async function englishOnScreen(page: Page | Frame, ownWords: string[] = []): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const shown = (element: Element | null) => !!element && element.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script,style,noscript,[aria-hidden="true"]') || !shown(parent)) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label],[title],[alt],[placeholder]')) {
      if (!shown(element) || element.closest('[aria-hidden="true"]')) continue;
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
  const own = [...ownWords].sort((a, b) => b.length - a.length);
  const words = new Set<string>();
  for (let text of texts) {
    for (const word of own) text = text.split(word).join(' ');
    // An e-mail address (you@store.com) is no language's words.
    text = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
    // An anonymous visitor's identifier (visitor-7f3a…) is a code, not a word.
    text = text.replace(/\bvisitor-[0-9a-f]+…?/g, ' ');
    for (const match of text.matchAll(/[A-Za-z][A-Za-z'’-]+/g)) {
      const word = match[0];
      if (!UNTRANSLATED.has(word.toLowerCase())) words.add(word);
    }
  }
  return [...words];
}
