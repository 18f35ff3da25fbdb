import type { ProductCard as ProductCardData } from '@aisle/contracts/commerce';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { ProductCard } from './product-card';
import type { CartMode } from './product-card-model';

const FOCUSABLE = 'a[href], button:not([disabled]), select, [tabindex]:not([tabindex="-1"])';

/** Where the list is scrolled: at its start, at its end, and whether it scrolls at all (all cards fit). */
interface ScrollEdges {
  start: boolean;
  end: boolean;
  scrolls: boolean;
}

function edgesOf(list: HTMLElement): ScrollEdges | null {
  // Not laid out (hidden, or a test's DOM without layout): nothing to measure yet.
  if (!list.scrollWidth || !list.clientWidth) return null;
  const left = Math.abs(list.scrollLeft);
  return {
    start: left <= 1,
    end: left + list.clientWidth >= list.scrollWidth - 1,
    scrolls: list.scrollWidth > list.clientWidth + 1,
  };
}

const nextButton =
  'inline-flex size-7 items-center justify-center rounded-full border bg-background text-foreground shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-40 dark:border-input dark:bg-input/30 dark:hover:bg-input/50 [&_svg]:size-4';

/**
 * The products an answer names, under it. One product is one card; several are a row that
 * scrolls sideways, snapping card by card, with previous/next buttons (disabled at either end,
 * hidden when every card fits). From the keyboard, Tab walks through each card's controls (the
 * browser scrolls each into view), and the left and right arrow keys move to the previous or
 * next card. The same component shows them in every chat and in the inbox; `cart` says whether
 * and how "Add to cart" works there.
 */
export function ProductCards({ products, cart, className }: { products: readonly ProductCardData[]; cart: CartMode; className?: string }) {
  const { t } = useTranslation('shopper');
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const several = products.length > 1;
  const [edges, setEdges] = useState<ScrollEdges>({ start: true, end: false, scrolls: true });

  const measure = useCallback(() => {
    const element = list.current;
    const measured = element && edgesOf(element);
    if (measured) setEdges(measured);
  }, []);

  useEffect(() => {
    const element = list.current;
    if (!several || !element) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [several, measure]);

  if (!products.length) return null;

  const items = () => [...(list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [])];

  /** One card's width (and the gap) at a time. */
  const scrollByCard = (direction: 1 | -1) => {
    const element = list.current;
    const [first, second] = items();
    if (!element || !first) return;
    const step = second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
    element.scrollBy?.({ left: direction * (step || element.clientWidth), behavior: 'smooth' });
  };

  const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    // A select's arrow keys change its value; text and modifier combinations are not ours.
    if ((event.target as HTMLElement).tagName === 'SELECT' || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = items();
    const current = all.findIndex((item) => item.contains(event.target as Node));
    const target = all[current + (event.key === 'ArrowRight' ? 1 : -1)];
    if (current === -1 || !target) return;
    event.preventDefault();
    const focusable = target.querySelector<HTMLElement>(FOCUSABLE);
    target.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
    focusable?.focus({ preventScroll: true });
  };

  return (
    <div className={cn('w-full min-w-0', className)} data-testid="product-cards">
      {several && edges.scrolls ? (
        <div className="mb-1.5 flex items-center justify-between gap-2">
          <p aria-hidden="true" className="font-medium text-[11px] text-muted-foreground uppercase tracking-wide">
            {t('products.count', { count: products.length })}
          </p>
          <div className="flex gap-1.5">
            <button
              type="button"
              className={nextButton}
              aria-controls={listId}
              aria-label={t('products.previous')}
              disabled={edges.start}
              onClick={() => scrollByCard(-1)}
            >
              <ChevronLeftIcon aria-hidden="true" />
            </button>
            <button
              type="button"
              className={nextButton}
              aria-controls={listId}
              aria-label={t('products.next')}
              disabled={edges.end}
              onClick={() => scrollByCard(1)}
            >
              <ChevronRightIcon aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : null}
      <ul
        id={listId}
        ref={list}
        aria-label={t('products.list')}
        onScroll={several ? measure : undefined}
        className={cn(
          // Room around the cards for their focus ring, which the scrolling box would otherwise clip.
          '-m-1 flex gap-3 p-1',
          several &&
            'snap-x snap-mandatory scroll-px-1 overflow-x-auto overscroll-x-contain pb-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        )}
      >
        {products.map((product, index) => (
          <li
            // Cards are not reordered or edited: the position names each one (titles may repeat).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className={cn('flex', several ? 'w-[11.5rem] shrink-0 snap-start sm:w-48' : 'w-full max-w-60')}
          >
            <div className="w-full">
              <ProductCard card={product} cart={cart} onKeyDown={several ? moveFocus : undefined} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
