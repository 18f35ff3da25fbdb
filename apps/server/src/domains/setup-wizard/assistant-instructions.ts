import { clip } from '../../lib/clip-text';
import { htmlText } from './escape-html';
import type { ShopProfile, StorePage } from './store-content';

/** Pages that state the shop's rules or its voice, by title or handle. */
const POLICY = /polic|shipping|delivery|return|refund|exchange|warrant|terms|faq|payment/i;
const VOICE = /about|our story|who we are/i;
const POLICY_CHARS = 700;

/**
 * The assistant's instructions, from the shop's own words: its name and description, its policy
 * pages (shipping, returns, terms… each clipped) and the tone of its "about" page. Written here
 * rather than by a model, so the wizard costs nothing and gives the same result on every run.
 */
export function assistantInstructions(shop: ShopProfile, pages: StorePage[]): string {
  const policies = pages.filter((page) => POLICY.test(page.title) || POLICY.test(page.handle));
  const about = pages.find((page) => VOICE.test(page.title) || VOICE.test(page.handle));
  const lines = [
    `You are the shopping assistant of ${shop.name}${shop.url ? ` (${shop.url})` : ''}.`,
    shop.description ? `About the shop: ${shop.description}` : null,
    about ? `Speak in the shop's own voice, as its "${about.title}" page does: ${clip(htmlText(about.body), 300)}` : null,
    'Help shoppers find products, compare them, and answer questions about prices, sizes, stock, shipping and returns.',
    'Answer from the shop’s catalog, pages and articles; give prices in the shop’s currency and link to the product when you can.',
    `When you do not know, say so and point the shopper to ${shop.contactEmail}.`,
  ];
  if (policies.length) {
    lines.push('', 'The shop’s policies:');
    for (const page of policies) lines.push(`- ${page.title}: ${clip(htmlText(page.body), POLICY_CHARS)}`);
  }
  return lines.filter((line) => line !== null).join('\n');
}

/** The storefront widget's first words. */
export const storefrontGreeting = (shop: Pick<ShopProfile, 'name'>) => `Hi! Welcome to ${shop.name}. How can I help you today?`;
