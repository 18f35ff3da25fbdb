import type { ProductCard as ProductCardData } from '@aisle/contracts/commerce';
import { CheckIcon, ExternalLinkIcon, ImageIcon, LoaderCircleIcon, ShoppingCartIcon, TriangleAlertIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import {
  type CartMode,
  cartPermalink,
  cartVariantId,
  initialVariantIndex,
  isSoldOut,
  priceOf,
  variantIndexFor,
  variantPickerOf,
  webUrl,
} from './product-card-model';

/** A decimal string in the shop's currency ("$24.00", "¥2,400", "฿590.00"); the bare number without one. */
export function formatPrice(format: Formatters, amount: string, currency: string | null): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  if (currency) {
    try {
      return format.money(value, currency);
    } catch {
      // A code Intl does not take: the number, then the code.
    }
  }
  const number = format.number(value, { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 });
  return currency ? `${number} ${currency}` : number;
}

/** The product's picture at a fixed square, cropped to fill; a calm placeholder when there is none or it fails. */
function ProductImage({ src, title, soldOut, badge }: { src: string | null; title: string; soldOut: boolean; badge: string | null }) {
  const { t } = useTranslation('shopper');
  const [failed, setFailed] = useState(false);
  const url = webUrl(src);
  return (
    <div className="relative aspect-square overflow-hidden bg-muted">
      {url && !failed ? (
        <img
          src={url.href}
          alt={title}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className={cn('size-full object-cover transition-opacity', soldOut && 'opacity-60')}
        />
      ) : (
        <div
          data-testid="product-image-placeholder"
          className="flex size-full items-center justify-center bg-gradient-to-br from-muted to-muted-foreground/10 text-muted-foreground/60"
        >
          <ImageIcon className="size-8" strokeWidth={1.5} aria-hidden="true" />
        </div>
      )}
      {soldOut ? (
        <span className="absolute top-2 left-2 rounded-full bg-foreground/85 px-2 py-0.5 font-medium text-[11px] text-background shadow-xs">
          {t('products.soldOut')}
        </span>
      ) : badge ? (
        <span
          aria-hidden="true"
          className="absolute top-2 left-2 rounded-full bg-rose-600 px-2 py-0.5 font-semibold text-[11px] text-white tabular-nums shadow-xs dark:bg-rose-500"
        >
          {badge}
        </span>
      ) : null}
    </div>
  );
}

const selectClass =
  'h-8 w-full min-w-0 cursor-pointer truncate rounded-md border border-input bg-background px-2 text-xs shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';
const actionClass =
  'inline-flex h-8 w-full items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 font-medium text-xs outline-none transition-all focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-3.5 [&_svg]:shrink-0';
// A ring in the dark theme: the shop's colour can be as dark as the card (the default theme's is).
const primaryAction = `${actionClass} bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 dark:ring-1 dark:ring-white/25 dark:ring-inset`;
const secondaryAction = `${actionClass} border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50`;

type AddState = { status: 'idle' | 'adding' | 'added' | 'failed'; variantId: string | null };

/**
 * One product as a shopper sees it: picture, title (two lines at most), price in the shop's
 * currency with the "was" price struck through, "Sold out" when it is, a choice of variant when
 * there are several, "View" (the product's page, in a new tab) and "Add to cart" where it can work
 * (`cart`). Nothing reaches a cart without the shopper's click.
 */
export function ProductCard({
  card,
  cart,
  onKeyDown,
}: {
  card: ProductCardData;
  cart: CartMode;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation('shopper');
  const format = useFormat();
  const titleId = useId();
  const picker = variantPickerOf(card);
  const [variantIndex, setVariantIndex] = useState(() => initialVariantIndex(card));
  const [choices, setChoices] = useState<Record<string, string>>(() => {
    const first = card.variants[initialVariantIndex(card)];
    return picker.kind === 'options' ? Object.fromEntries(picker.options.map((o) => [o.name, first?.options[o.name] ?? ''])) : {};
  });
  const [add, setAdd] = useState<AddState>({ status: 'idle', variantId: null });

  // A combination of option values the shop does not sell has no variant.
  const variant = variantIndex === -1 ? undefined : card.variants[variantIndex];
  const missingCombination = picker.kind === 'options' && variantIndex === -1;
  const soldOut = !missingCombination && isSoldOut(card, variant);
  const price = priceOf(card, variant);
  const variantId = cartVariantId(variant ?? (card.variants.length === 1 ? card.variants[0] : undefined));
  const productUrl = webUrl(card.url);
  const canBuy = !soldOut && !missingCombination && !!variantId;
  const permalink = cart.kind === 'permalink' && canBuy ? cartPermalink(card.url, variantId, 1, cart.sharedThreadId) : null;
  const addButton = cart.kind === 'widget' && canBuy;
  const shownAdd = add.variantId === variantId ? add.status : 'idle';

  const discount =
    price.price && price.compareAtPrice ? Math.round((1 - Number(price.price) / Number(price.compareAtPrice)) * 100) / 100 : 0;

  const choose = (name: string, value: string) => {
    const next = { ...choices, [name]: value };
    setChoices(next);
    setVariantIndex(variantIndexFor(card, next));
  };

  const addToCart = async () => {
    if (cart.kind !== 'widget' || !variantId || shownAdd === 'adding') return;
    setAdd({ status: 'adding', variantId });
    const ok = await cart.addToCart({ variantId, quantity: 1, productTitle: card.title }).catch(() => false);
    setAdd({ status: ok ? 'added' : 'failed', variantId });
  };

  return (
    <article
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-testid="product-card"
      className="flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40"
    >
      <ProductImage src={card.image} title={card.title} soldOut={soldOut} badge={discount >= 0.01 ? format.percent(-discount) : null} />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 id={titleId} title={card.title} className="line-clamp-2 min-h-[2lh] font-medium text-sm leading-snug break-words">
          {card.title}
        </h3>
        <p className="-mt-0.5 flex flex-wrap items-baseline gap-x-1.5 tabular-nums" data-testid="product-price">
          {price.price ? (
            <span className={cn('font-semibold text-sm', price.compareAtPrice && 'text-rose-600 dark:text-rose-400')}>
              {formatPrice(format, price.price, price.currency)}
            </span>
          ) : null}
          {price.compareAtPrice ? (
            <>
              <s aria-hidden="true" className="text-muted-foreground text-xs">
                {formatPrice(format, price.compareAtPrice, price.currency)}
              </s>
              <span className="sr-only">{t('products.was', { price: formatPrice(format, price.compareAtPrice, price.currency) })}</span>
            </>
          ) : null}
        </p>

        {picker.kind === 'options' ? (
          <div className="grid gap-1.5">
            {picker.options.map((option) => (
              <label key={option.name} className="grid gap-0.5">
                <span className="text-[11px] text-muted-foreground">{option.name}</span>
                <select className={selectClass} value={choices[option.name] ?? ''} onChange={(e) => choose(option.name, e.target.value)}>
                  {option.values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        ) : picker.kind === 'titles' ? (
          <label className="grid gap-0.5">
            <span className="text-[11px] text-muted-foreground">{t('products.variant')}</span>
            <select className={selectClass} value={variantIndex} onChange={(e) => setVariantIndex(Number(e.target.value))}>
              {card.variants.map((option, index) => (
                <option key={`${option.id ?? ''}:${option.title}`} value={index}>
                  {option.available === false ? t('products.variantSoldOut', { title: option.title }) : option.title}
                </option>
              ))}
            </select>
          </label>
        ) : null}

        {missingCombination ? <p className="text-muted-foreground text-xs">{t('products.unavailable')}</p> : null}

        <div className="mt-auto grid gap-1.5 pt-1">
          {addButton ? (
            <button
              type="button"
              className={primaryAction}
              onClick={() => void addToCart()}
              aria-disabled={shownAdd === 'adding' || undefined}
              aria-label={t('products.addToCartLabel', { title: card.title })}
            >
              {shownAdd === 'adding' ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <ShoppingCartIcon aria-hidden="true" />
              )}
              {shownAdd === 'adding' ? t('products.adding') : t('products.addToCart')}
            </button>
          ) : permalink ? (
            <a
              href={permalink}
              target="_blank"
              rel="noopener noreferrer"
              className={primaryAction}
              aria-label={t('products.addToCartLabel', { title: card.title })}
            >
              <ShoppingCartIcon aria-hidden="true" />
              {t('products.addToCart')}
            </a>
          ) : null}
          {productUrl ? (
            <a
              href={productUrl.href}
              target="_blank"
              rel="noopener noreferrer"
              className={addButton || permalink ? secondaryAction : primaryAction}
              aria-label={t('products.viewLabel', { title: card.title })}
            >
              {t('products.view')}
              <ExternalLinkIcon aria-hidden="true" />
            </a>
          ) : null}
        </div>
        {/* Always in the page (empty until there is news), so screen readers announce what it says. */}
        <p role="status" className="text-xs leading-snug empty:-mt-2">
          {shownAdd === 'added' ? (
            <span className="flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
              <CheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
              {t('products.added')}
            </span>
          ) : shownAdd === 'failed' ? (
            <span className="flex items-start gap-1 text-destructive">
              <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              {t('products.addFailed')}
            </span>
          ) : null}
        </p>
      </div>
    </article>
  );
}
