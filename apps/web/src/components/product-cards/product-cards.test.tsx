import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { linenShirt, mug, tote, variantOf } from './product-card-fixtures';
import { cartPermalink } from './product-card-model';
import { ProductCards } from './product-cards';

const card = (title: string) => screen.getByRole('article', { name: title });
const priceOf = (title: string) => within(card(title)).getByTestId('product-price');

describe('product cards', () => {
  it('shows the picture, title and price in the shop’s currency, with the higher "was" price struck through', () => {
    render(<ProductCards products={[linenShirt, mug]} cart={{ kind: 'view' }} />);
    const shirt = card('Linen shirt');
    const image = within(shirt).getByRole('img', { name: 'Linen shirt' });
    expect(image).toHaveAttribute('src', 'https://cdn.example/linen-shirt.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(within(shirt).getByRole('heading', { name: 'Linen shirt' })).toBeInTheDocument();
    expect(priceOf('Linen shirt')).toHaveTextContent('$48.00');
    expect(priceOf('Linen shirt').querySelector('s')).toHaveTextContent('$60.00');
    expect(within(priceOf('Linen shirt')).getByText('Regular price: $60.00')).toHaveClass('sr-only');
    // 20% off, as a badge on the picture.
    expect(within(shirt).getByText('-20%')).toBeInTheDocument();

    // Yen has no minor unit; no picture: a placeholder, and no "was" price.
    expect(priceOf('Stoneware mug')).toHaveTextContent('¥2,400');
    expect(priceOf('Stoneware mug').querySelector('s')).toBeNull();
    expect(within(card('Stoneware mug')).queryByRole('img')).toBeNull();
    expect(within(card('Stoneware mug')).getByTestId('product-image-placeholder')).toBeInTheDocument();
  });

  it('strikes through no "was" price that is not higher, and formats in the interface’s language', async () => {
    const same = { ...mug, title: 'Plain mug', currency: 'THB', price: '590.00', compareAtPrice: '590.00', variants: [] };
    await act(() => i18n.changeLanguage('th'));
    render(<ProductCards products={[same]} cart={{ kind: 'view' }} />);
    expect(priceOf('Plain mug').querySelector('s')).toBeNull();
    expect(priceOf('Plain mug').textContent).toBe(new Intl.NumberFormat('th', { style: 'currency', currency: 'THB' }).format(590));
    expect(within(card('Plain mug')).getByRole('link', { name: /Plain mug/ })).toHaveTextContent('ดูสินค้า');
  });

  it('says "Sold out" and offers no cart for a product that cannot be bought', () => {
    const add = vi.fn(async () => true);
    render(<ProductCards products={[tote]} cart={{ kind: 'widget', addToCart: add }} />);
    const gone = card('Canvas tote');
    expect(within(gone).getByText('Sold out')).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: /Add .* to cart/ })).toBeNull();
    // It can still be looked at, in a new tab that cannot reach back into the chat.
    const view = within(gone).getByRole('link', { name: 'View Canvas tote (opens in a new tab)' });
    expect(view).toHaveAttribute('href', 'https://shop.example/products/canvas-tote');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('starts on the first variant that can be bought and follows the shopper’s choice of options', async () => {
    const add = vi.fn(async () => true);
    render(<ProductCards products={[linenShirt]} cart={{ kind: 'widget', addToCart: add }} />);
    const shirt = card('Linen shirt');
    const color = within(shirt).getByRole('combobox', { name: 'Color' });
    const size = within(shirt).getByRole('combobox', { name: 'Size' });
    // Blue / S is sold out: the card opens on Blue / M.
    expect(color).toHaveValue('Blue');
    expect(size).toHaveValue('M');

    await userEvent.selectOptions(size, 'S');
    expect(within(shirt).getByText('Sold out')).toBeInTheDocument();
    expect(within(shirt).queryByRole('button', { name: 'Add Linen shirt to cart' })).toBeNull();

    await userEvent.selectOptions(color, 'Sand');
    expect(within(shirt).queryByText('Sold out')).toBeNull();
    expect(priceOf('Linen shirt')).toHaveTextContent('$52.00');
    expect(priceOf('Linen shirt').querySelector('s')).toBeNull();

    await userEvent.click(within(shirt).getByRole('button', { name: 'Add Linen shirt to cart' }));
    expect(add).toHaveBeenCalledWith({ variantId: '40000000000003', quantity: 1, productTitle: 'Linen shirt' });
  });

  it('offers one list of variant titles when the options do not name every variant', async () => {
    const bundle = {
      ...mug,
      title: 'Tea set',
      options: [],
      variants: [
        variantOf({ id: '1001', title: 'Two cups', price: '3000', available: true }),
        variantOf({ id: '1002', title: 'Four cups', price: '5200', available: false }),
      ],
    };
    const add = vi.fn(async () => true);
    render(<ProductCards products={[bundle]} cart={{ kind: 'widget', addToCart: add }} />);
    const set = card('Tea set');
    const choice = within(set).getByRole('combobox', { name: 'Option' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Two cups', 'Four cups (sold out)']);
    await userEvent.selectOptions(choice, 'Four cups (sold out)');
    expect(priceOf('Tea set')).toHaveTextContent('¥5,200');
    expect(within(set).getByText('Sold out')).toBeInTheDocument();
    await userEvent.selectOptions(choice, 'Two cups');
    await userEvent.click(within(set).getByRole('button', { name: 'Add Tea set to cart' }));
    expect(add).toHaveBeenCalledWith({ variantId: '1001', quantity: 1, productTitle: 'Tea set' });
  });

  it('adds to the cart only on the shopper’s click, and says whether the cart took it', async () => {
    let answer: (ok: boolean) => void = () => {};
    const add = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    render(<ProductCards products={[mug]} cart={{ kind: 'widget', addToCart: add }} />);
    expect(add).not.toHaveBeenCalled();
    const button = within(card('Stoneware mug')).getByRole('button', { name: 'Add Stoneware mug to cart' });
    await userEvent.click(button);
    expect(button).toHaveTextContent('Adding…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // Pressed again while adding: still one request.
    await userEvent.click(button);
    expect(add).toHaveBeenCalledTimes(1);
    await act(async () => answer(false));
    expect(within(card('Stoneware mug')).getByRole('status')).toHaveTextContent('Couldn’t add this to your cart. Please try again.');

    await userEvent.click(button);
    await act(async () => answer(true));
    expect(within(card('Stoneware mug')).getByRole('status')).toHaveTextContent('Added to your cart');
    expect(add).toHaveBeenCalledTimes(2);
  });

  it('elsewhere, adds through a cart permalink on the product’s own shop, carrying the conversation', () => {
    const thread = '0b9d3c1e-5f3a-4c2b-9d1e-2a3b4c5d6e7f';
    render(<ProductCards products={[mug]} cart={{ kind: 'permalink', sharedThreadId: thread }} />);
    const link = within(card('Stoneware mug')).getByRole('link', { name: 'Add Stoneware mug to cart' });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(url.origin + url.pathname).toBe('https://shop.example/cart/40000000000010:1');
    expect(url.searchParams.get('storefront')).toBe('true');
    expect(url.searchParams.get('attributes[aisle_thread]')).toBe(thread);
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('offers no cart link without a variant id or the product’s address, and none in the owner’s views', () => {
    const noId = { ...mug, title: 'Mug without id', variants: [variantOf({ title: 'Mug', price: '2400', available: true })] };
    const noUrl = { ...mug, title: 'Mug without page', url: null };
    render(<ProductCards products={[noId, noUrl]} cart={{ kind: 'permalink' }} />);
    expect(within(card('Mug without id')).queryByRole('link', { name: /to cart/ })).toBeNull();
    expect(within(card('Mug without id')).getByRole('link', { name: /View/ })).toBeInTheDocument();
    expect(within(card('Mug without page')).queryByRole('link')).toBeNull();

    expect(cartPermalink('javascript:alert(1)', '1', 1)).toBeNull();
    expect(cartPermalink('https://shop.example/p', 'gid://shopify/ProductVariant/1', 1)).toBeNull();
    expect(cartPermalink('https://shop.example/p', '12', 500)).toBe('https://shop.example/cart/12:99?storefront=true');
  });

  it('never links or loads anything but http(s) addresses', () => {
    const sly = { ...mug, title: 'Sly mug', url: 'javascript:alert(1)', image: 'data:image/svg+xml,<svg onload=alert(1)>' };
    render(<ProductCards products={[sly]} cart={{ kind: 'permalink' }} />);
    expect(within(card('Sly mug')).queryByRole('link')).toBeNull();
    expect(within(card('Sly mug')).queryByRole('img')).toBeNull();
  });

  it('shows several products as a labelled list of cards with previous and next buttons', async () => {
    const scrollBy = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
    try {
      render(<ProductCards products={[linenShirt, mug, tote]} cart={{ kind: 'view' }} />);
      const list = screen.getByRole('list', { name: 'Products' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
      expect(within(list).getAllByRole('article')).toHaveLength(3);
      const previous = screen.getByRole('button', { name: 'Show previous products' });
      const next = screen.getByRole('button', { name: 'Show next products' });
      expect(previous).toBeDisabled();
      expect(previous).toHaveAttribute('aria-controls', list.id);
      await userEvent.click(next);
      expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
    } finally {
      delete (HTMLElement.prototype as { scrollBy?: unknown }).scrollBy;
    }
  });

  it('moves between cards with the arrow keys, leaving the selects their own arrows', async () => {
    render(<ProductCards products={[linenShirt, mug, tote]} cart={{ kind: 'view' }} />);
    const shirtView = within(card('Linen shirt')).getByRole('link', { name: /View Linen shirt/ });
    shirtView.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(card('Stoneware mug')).getByRole('link', { name: /View Stoneware mug/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(card('Canvas tote')).getByRole('link', { name: /View Canvas tote/ })).toHaveFocus();
    // At the end it stays.
    await userEvent.keyboard('{ArrowRight}');
    expect(within(card('Canvas tote')).getByRole('link', { name: /View Canvas tote/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    // The first focusable control of the shirt's card: its first option select.
    expect(within(card('Linen shirt')).getByRole('combobox', { name: 'Color' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(card('Linen shirt')).getByRole('combobox', { name: 'Color' })).toHaveFocus();
  });

  it('shows a single product as one card, without carousel buttons', () => {
    render(<ProductCards products={[mug]} cart={{ kind: 'view' }} />);
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show next products' })).toBeNull();
  });
});
