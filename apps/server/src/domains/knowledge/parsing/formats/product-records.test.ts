import { productRecordSchema } from '@aisle/contracts/products';
import { describe, expect, it } from 'vitest';
import { csvBlocks } from './csv';
import { jsonBlocks } from './json-products';

const recordsOf = (blocks: ReturnType<typeof csvBlocks>) => blocks.map((block) => productRecordSchema.parse(block.product));

describe('product records from product lists', () => {
  it('keeps every column of a Shopify CSV export, variants grouped with their options, grams and stock', () => {
    const csv = [
      'Handle,Title,Body (HTML),Vendor,Type,Tags,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Weight Unit,Fill Power',
      'peak-parka,Peak Parka,<p>Warm.</p>,Northwind,Jackets,"down, winter",Color,Red,Size,M,PP-R-M,900,3,"1,299.00",1499.00,kg,800',
      'peak-parka,,,,,,,Red,,L,PP-R-L,950,0,1299.00,,kg,',
      'peak-parka,,,,,,,Blue,,M,PP-B-M,900,2,1299.00,,kg,',
    ].join('\n');
    const [parka] = recordsOf(csvBlocks(csv, 'CAD'));
    expect(parka).toMatchObject({
      title: 'Peak Parka',
      handle: 'peak-parka',
      vendor: 'Northwind',
      productType: 'Jackets',
      tags: ['down', 'winter'],
      options: [
        { name: 'Color', values: ['Red', 'Blue'] },
        { name: 'Size', values: ['M', 'L'] },
      ],
      attributes: [{ name: 'Fill Power', value: '800' }],
      priceRange: { min: '1299.00', max: '1299.00', currency: 'CAD' },
      available: true,
    });
    expect(parka?.variants[0]).toEqual({
      title: 'Red / M',
      sku: 'PP-R-M',
      price: '1299.00',
      compareAtPrice: '1499.00',
      currency: 'CAD',
      options: { Color: 'Red', Size: 'M' },
      grams: 900,
      weight: { value: 0.9, unit: 'kg' },
      inventory: 3,
      available: true,
    });
    expect(parka?.variants[1]?.available).toBe(false);
    expect(csvBlocks(csv, 'CAD')[0]?.text).toContain('Fill power: 800');
  });

  it('keeps arbitrary columns of a hand-made list, and reads a price’s own currency', () => {
    const csv = 'name,colors,weight,price\nTrail Tent,"Orange, Grey",1.9 kg,€389\n';
    const [tent] = recordsOf(csvBlocks(csv, 'USD'));
    expect(tent?.attributes).toEqual([{ name: 'colors', value: 'Orange, Grey' }]);
    expect(tent?.variants[0]).toMatchObject({ price: '389', currency: 'EUR', grams: 1900 });
    expect(csvBlocks(csv, 'USD')[0]?.text).toContain('Colors: Orange, Grey');
  });

  it('reads the Shopify Admin product shape of the catalog sync (MoneyV2 prices, selected options, connections)', () => {
    const catalog = {
      products: [
        {
          title: 'Hand Grinder',
          handle: 'hand-grinder',
          descriptionHtml: '<p>Burr grinder.</p>',
          vendor: 'Comandante',
          productType: 'Equipment',
          tags: ['grinder'],
          material: 'Steel',
          options: [{ name: 'Color', optionValues: [{ name: 'Walnut' }, { name: 'Black' }] }],
          featuredImage: { url: 'https://cdn.example/g.jpg' },
          variants: {
            edges: [
              {
                node: {
                  title: 'Walnut',
                  sku: 'HG-W',
                  price: { amount: '249.00', currencyCode: 'EUR' },
                  compareAtPrice: '279.00',
                  inventoryQuantity: 0,
                  availableForSale: false,
                  selectedOptions: [{ name: 'Color', value: 'Walnut' }],
                  inventoryItem: { measurement: { weight: { value: 0.7, unit: 'KILOGRAMS' } } },
                },
              },
            ],
          },
        },
      ],
    };
    const [grinder] = jsonBlocks(catalog).map((block) => productRecordSchema.parse(block.product));
    expect(grinder).toMatchObject({
      title: 'Hand Grinder',
      description: 'Burr grinder.',
      options: [{ name: 'Color', values: ['Walnut', 'Black'] }],
      attributes: [{ name: 'material', value: 'Steel' }],
      currency: 'EUR',
      available: false,
      image: 'https://cdn.example/g.jpg',
    });
    expect(grinder?.variants[0]).toMatchObject({
      price: '249.00',
      compareAtPrice: '279.00',
      grams: 700,
      inventory: 0,
      options: { Color: 'Walnut' },
    });
  });
});
