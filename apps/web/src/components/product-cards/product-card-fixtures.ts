import type { ProductCard, ProductCardVariant } from '@aisle/contracts/commerce';

/** Cards as the server sends them (contracts `ProductCard`), for the tests of every surface that shows them. */

export const variantOf = (overrides: Partial<ProductCardVariant> & Pick<ProductCardVariant, 'title'>): ProductCardVariant => ({
  id: null,
  price: null,
  compareAtPrice: null,
  available: null,
  options: {},
  ...overrides,
});

/** A linen shirt in two colours and two sizes: on sale, its small blue one sold out. */
export const linenShirt: ProductCard = {
  title: 'Linen shirt',
  handle: 'linen-shirt',
  url: 'https://shop.example/products/linen-shirt',
  image: 'https://cdn.example/linen-shirt.jpg',
  price: '48.00',
  compareAtPrice: '60.00',
  currency: 'USD',
  available: true,
  options: [
    { name: 'Color', values: ['Blue', 'Sand'] },
    { name: 'Size', values: ['S', 'M'] },
  ],
  variants: [
    variantOf({
      id: '40000000000001',
      title: 'Blue / S',
      price: '48.00',
      compareAtPrice: '60.00',
      available: false,
      options: { Color: 'Blue', Size: 'S' },
    }),
    variantOf({
      id: '40000000000002',
      title: 'Blue / M',
      price: '48.00',
      compareAtPrice: '60.00',
      available: true,
      options: { Color: 'Blue', Size: 'M' },
    }),
    variantOf({
      id: '40000000000003',
      title: 'Sand / S',
      price: '52.00',
      compareAtPrice: null,
      available: true,
      options: { Color: 'Sand', Size: 'S' },
    }),
    variantOf({
      id: '40000000000004',
      title: 'Sand / M',
      price: '52.00',
      compareAtPrice: null,
      available: true,
      options: { Color: 'Sand', Size: 'M' },
    }),
  ],
};

/** A mug with one variant and no options, priced in yen, no picture. */
export const mug: ProductCard = {
  title: 'Stoneware mug',
  handle: 'stoneware-mug',
  url: 'https://shop.example/products/stoneware-mug',
  image: null,
  price: '2400',
  compareAtPrice: null,
  currency: 'JPY',
  available: true,
  options: [],
  variants: [variantOf({ id: '40000000000010', title: 'Stoneware mug', price: '2400', available: true })],
};

/** A tote that is gone: sold out everywhere. */
export const tote: ProductCard = {
  title: 'Canvas tote',
  handle: 'canvas-tote',
  url: 'https://shop.example/products/canvas-tote',
  image: 'https://cdn.example/tote.jpg',
  price: '25.00',
  compareAtPrice: null,
  currency: 'USD',
  available: false,
  options: [],
  variants: [variantOf({ id: '40000000000020', title: 'Canvas tote', price: '25.00', available: false })],
};
