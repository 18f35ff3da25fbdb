import type { ProductCard, ProductCardVariant } from '@aisle/contracts/commerce';
import { CART_QUANTITY_MAX, CART_THREAD_ATTRIBUTE, CART_VARIANT_ID } from '@aisle/contracts/widget';

/*
 * What a product card shows and offers, decided apart from how it looks (so every rule is tested
 * without a browser): the variant chosen, its price and "was" price, whether it is sold out, and
 * how it can be bought on this surface.
 */

/**
 * How "Add to cart" works where the card is shown:
 * - `view`: it does not; the card links to the product (the owner's chat, the inbox);
 * - `permalink`: a link to the shop's cart with the variant in it (a Shopify cart permalink), for
 *   the public chat page and a widget that is not on a Shopify storefront;
 * - `widget`: a button; the widget's loader adds the variant to the storefront's cart from the host
 *   page (`/cart/add.js`) and answers whether it took it.
 */
export type CartMode =
  | { kind: 'view' }
  | { kind: 'permalink'; sharedThreadId?: string | null }
  | { kind: 'widget'; addToCart: (item: CartItem) => Promise<boolean> };

export interface CartItem {
  variantId: string;
  quantity: number;
  productTitle: string;
}

/** An absolute http(s) address, else null: nothing else becomes a link or an image. */
export function webUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The options a shopper chooses between on the card: those with more than one value among its variants. */
export function choosableOptions(card: ProductCard): { name: string; values: string[] }[] {
  if (card.variants.length < 2) return [];
  return card.options
    .map((option) => {
      // The values some variant has, in the option's own order (then any the option list lacks).
      const present = new Set(card.variants.map((variant) => variant.options[option.name]).filter((value): value is string => !!value));
      const values = [...option.values.filter((value) => present.has(value)), ...[...present].filter((v) => !option.values.includes(v))];
      return { name: option.name, values };
    })
    .filter((option) => option.values.length > 1);
}

/**
 * How the shopper picks a variant: a select per option when every variant is named by its option
 * values (Color, Size), else one select of the variants' titles; none for a single variant.
 */
export type VariantPicker = { kind: 'none' } | { kind: 'options'; options: { name: string; values: string[] }[] } | { kind: 'titles' };

export function variantPickerOf(card: ProductCard): VariantPicker {
  if (card.variants.length < 2) return { kind: 'none' };
  const options = choosableOptions(card);
  const named =
    options.length > 0 &&
    card.variants.every((variant) => options.every((option) => !!variant.options[option.name])) &&
    // Two variants with the same values could not be told apart by the selects.
    new Set(card.variants.map((variant) => options.map((option) => variant.options[option.name]).join('\u0000'))).size ===
      card.variants.length;
  return named ? { kind: 'options', options } : { kind: 'titles' };
}

/** The variant shown first: the first that can be bought, else the first. */
export function initialVariantIndex(card: ProductCard): number {
  const index = card.variants.findIndex((variant) => variant.available !== false);
  return index === -1 ? 0 : index;
}

/** The variant with these option values; -1 when the shop has no such combination. */
export function variantIndexFor(card: ProductCard, choices: Record<string, string>): number {
  return card.variants.findIndex((variant) => Object.entries(choices).every(([name, value]) => variant.options[name] === value));
}

const greater = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && Number(a) > Number(b);

export interface PriceView {
  price: string | null;
  /** The "was" price, only when it is higher than the price. */
  compareAtPrice: string | null;
  currency: string | null;
}

/** The price of the chosen variant (the card's own when the variant has none), with its "was" price. */
export function priceOf(card: ProductCard, variant: ProductCardVariant | undefined): PriceView {
  const price = variant?.price ?? card.price;
  const compareAt = variant ? (variant.price ? variant.compareAtPrice : card.compareAtPrice) : card.compareAtPrice;
  return { price, compareAtPrice: greater(compareAt, price) ? compareAt : null, currency: card.currency };
}

/** Sold out: the chosen variant says so, or (without variants to choose) the product does. */
export function isSoldOut(card: ProductCard, variant: ProductCardVariant | undefined): boolean {
  if (variant && variant.available !== null) return variant.available === false;
  return card.available === false;
}

/** The variant id the cart takes: Shopify's numeric id, or null when the source had none. */
export function cartVariantId(variant: ProductCardVariant | undefined): string | null {
  return variant?.id && CART_VARIANT_ID.test(variant.id) ? variant.id : null;
}

/**
 * A Shopify cart permalink on the product's own shop: `https://<shop>/cart/<variant id>:<quantity>`
 * (https://shopify.dev/docs/apps/build/checkout/create-cart-permalinks), with `storefront=true` so
 * the shopper lands on the shop's cart (Step 8 there) rather than in checkout, and the visitor's
 * thread as the cart attribute `aisle_thread` (`attributes[name]=value`: the cart form's field
 * names, which permalinks take as well, as Shopify's js-buy-sdk maintainers describe in
 * https://github.com/Shopify/js-buy-sdk/issues/105), so the order counts as assisted, as the
 * widget's `/cart/update.js` does. Null without the product's address or a variant id.
 */
export function cartPermalink(
  productUrl: string | null,
  variantId: string | null,
  quantity = 1,
  sharedThreadId?: string | null,
): string | null {
  const product = webUrl(productUrl);
  if (!product || !variantId || !CART_VARIANT_ID.test(variantId)) return null;
  const count = Math.min(Math.max(1, Math.trunc(quantity)), CART_QUANTITY_MAX);
  const link = new URL(`/cart/${variantId}:${count}`, product.origin);
  link.searchParams.set('storefront', 'true');
  if (sharedThreadId) link.searchParams.set(`attributes[${CART_THREAD_ATTRIBUTE}]`, sharedThreadId);
  return link.href;
}
