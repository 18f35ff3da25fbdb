import type { ProductRecord, ProductVariant } from '@aisle/contracts/products';
import { describe, expect, it } from 'vitest';
import { productCardOf, productsNamedIn } from './answer-products';

const variant = (extra: Partial<ProductVariant>): ProductVariant => ({
  id: '4401',
  title: 'Default',
  sku: null,
  price: '49.00',
  compareAtPrice: null,
  currency: 'USD',
  options: {},
  grams: null,
  weight: null,
  inventory: null,
  available: true,
  ...extra,
});

const record = (title: string, extra: Partial<ProductRecord> = {}): { record: ProductRecord } => ({
  record: {
    title,
    handle: title.toLowerCase().replace(/\s+/g, '-'),
    url: `https://shop.example/products/${title.toLowerCase().replace(/\s+/g, '-')}`,
    description: '',
    vendor: null,
    productType: null,
    tags: [],
    options: [],
    attributes: [],
    variants: [
      {
        id: '4401',
        title,
        sku: null,
        price: '49.00',
        compareAtPrice: null,
        currency: 'USD',
        options: {},
        grams: null,
        weight: null,
        inventory: null,
        available: true,
      },
    ],
    priceRange: { min: '49.00', max: '49.00', currency: 'USD' },
    currency: 'USD',
    available: true,
    image: 'https://cdn.example/x.jpg',
    ...extra,
  },
});

describe('the products an answer names', () => {
  const catalogue = [record('Trail Tent'), record('Trail Tent Pro'), record('Tee'), record('Content Pack'), record('焙じ茶ラテ')];

  it('finds each product the answer names once, in the order named, the longer title first', () => {
    const cards = productsNamedIn(
      'The Trail Tent Pro sleeps three; the trail tent sleeps two. Also try the Trail Tent Pro in green.',
      catalogue,
    );
    expect(cards.map((card) => card.title)).toEqual(['Trail Tent Pro', 'Trail Tent']);
  });

  it('does not take a word inside another word, nor a longer title for a shorter one', () => {
    expect(productsNamedIn('This content is about tents in general.', catalogue)).toEqual([]);
    expect(productsNamedIn('The Trail Tent Pro is our best seller.', catalogue).map((card) => card.title)).toEqual(['Trail Tent Pro']);
  });

  it('finds a title in Japanese text, and in full-width letters', () => {
    expect(productsNamedIn('おすすめは焙じ茶ラテです。', catalogue).map((card) => card.title)).toEqual(['焙じ茶ラテ']);
    expect(productsNamedIn('Ｔｒａｉｌ Ｔｅｎｔ は二人用です。', catalogue).map((card) => card.title)).toEqual(['Trail Tent']);
  });

  it('shows the first available variant’s price, with the "was" price only when it is higher', () => {
    const onSale = productCardOf(
      record('Rain Shell', {
        variants: [
          variant({ id: '1', title: 'S', price: '80.00', compareAtPrice: '100.00', available: false }),
          variant({ id: '2', title: 'M', price: '90.00', compareAtPrice: '120.00', available: true }),
          variant({ id: '3', title: 'L', price: '90.00', compareAtPrice: '80.00', available: true }),
        ],
      }).record,
    );
    expect(onSale).toMatchObject({ price: '90.00', compareAtPrice: '120.00', currency: 'USD' });
    expect(onSale.variants.map((variant) => [variant.id, variant.compareAtPrice])).toEqual([
      ['1', '100.00'],
      ['2', '120.00'],
      ['3', null],
    ]);
  });

  it('keeps at most ten cards', () => {
    const many = Array.from({ length: 14 }, (_, index) => record(`Mug ${String.fromCharCode(65 + index)}`));
    const text = many.map(({ record: { title } }) => title).join(', ');
    expect(productsNamedIn(text, many)).toHaveLength(10);
  });
});
