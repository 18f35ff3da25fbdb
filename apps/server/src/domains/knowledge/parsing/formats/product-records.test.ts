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

  it('reads Japanese headers, yen prices, gram weights and stock counts, and keeps the colour column', () => {
    const csv = [
      '商品名,価格（円）,カラー,重さ,在庫数,商品説明',
      '山小屋マグ,"1,200円",白、黒,350グラム,12,ステンレス製のマグ。',
      '焚き火台,¥8800,黒,2.1kg,0,',
    ].join('\n');
    const [mug, stove] = recordsOf(csvBlocks(csv, 'JPY'));
    expect(mug).toMatchObject({
      title: '山小屋マグ',
      description: 'ステンレス製のマグ。',
      attributes: [{ name: 'カラー', value: '白、黒' }],
    });
    expect(mug?.variants[0]).toMatchObject({ price: '1200', currency: 'JPY', grams: 350, inventory: 12, available: true });
    expect(stove?.variants[0]).toMatchObject({ price: '8800', grams: 2100, available: false });
    expect(csvBlocks(csv, 'JPY')[0]?.text).toContain('Price: ¥1,200');
  });

  it('reads Thai, Chinese and Indonesian headers with their own prices and units', () => {
    const thai = recordsOf(csvBlocks('ชื่อสินค้า,ราคา (บาท),สี,น้ำหนัก,คงเหลือ\nกระติกน้ำเย็น,590 บาท,ฟ้า,400 กรัม,7\n', null));
    expect(thai[0]).toMatchObject({ title: 'กระติกน้ำเย็น', priceRange: { min: '590', currency: 'THB' }, available: true });
    expect(thai[0]?.variants[0]).toMatchObject({ grams: 400, inventory: 7 });
    const chinese = recordsOf(csvBlocks('商品名稱,售價,顏色,重量,庫存\n登山背包,NT$1200,黑,1.2公斤,5\n', null));
    expect(chinese[0]).toMatchObject({ title: '登山背包', priceRange: { min: '1200', currency: 'TWD' } });
    expect(chinese[0]?.variants[0]?.grams).toBe(1200);
    const indonesian = recordsOf(csvBlocks('nama produk,harga,warna,berat,stok\nTenda Lipat,Rp 150.000,Hijau,2 kg,4\n', 'IDR'));
    expect(indonesian[0]).toMatchObject({ title: 'Tenda Lipat', priceRange: { min: '150000', currency: 'IDR' } });
    expect(csvBlocks('nama produk,harga\nTenda Lipat,Rp 150.000\n', 'IDR')[0]?.text).toContain('Price: Rp 150.000');
  });

  it('reads Japanese keys of a JSON product list', () => {
    const list = [{ 商品名: '緑茶ティーバッグ', 価格: '540円', 内容量: '20袋', 在庫: 30, 説明: '賞味期限 365日。' }];
    const [tea] = jsonBlocks(list).map((block) => productRecordSchema.parse(block.product));
    expect(tea).toMatchObject({ title: '緑茶ティーバッグ', priceRange: { min: '540', currency: 'JPY' }, available: true });
    expect(tea?.facts).toContainEqual(expect.objectContaining({ kind: 'shelfLife', value: 365, unit: 'days' }));
  });

  it('finds the title and price of a list whose headers it does not know from the values', () => {
    const csv = ['Artikel,Preis,Farbe', 'Zelt Eins,€120,"Rot, Blau"', 'Zelt Zwei,€150,"Grün, Gelb"', 'Schlafsack,€80,"Schwarz, Grau"'].join(
      '\n',
    );
    const records = recordsOf(csvBlocks(csv, 'EUR'));
    expect(records.map((record) => [record.title, record.priceRange?.min])).toEqual([
      ['Zelt Eins', '120'],
      ['Zelt Zwei', '150'],
      ['Schlafsack', '80'],
    ]);
    expect(records[0]?.attributes).toEqual([{ name: 'Farbe', value: 'Rot, Blau' }]);
  });

  it('keeps a shipping-rate table a table: regions with a price are no products', () => {
    const rates = 'Region,Rate,Delivery time\nBangkok,฿50,1-2 days\nChiang Mai,฿80,2-3 days\nPhuket,฿90,3-4 days\n';
    expect(csvBlocks(rates, 'THB').map((block) => block.kind)).toEqual(['table-row', 'table-row', 'table-row']);
    const unnamed = 'Destination,Fee,Days\nTokyo,¥500,1\nOsaka,¥700,2\nSapporo,¥900,3\n';
    expect(csvBlocks(unnamed, 'JPY').every((block) => block.kind === 'table-row')).toBe(true);
  });

  it('turns a volume column and the description into typed facts', () => {
    const csv = 'ชื่อสินค้า,ราคา,ปริมาณ,รายละเอียด\nครีมกันแดด,฿390,50 มล.,SPF50+ PA++++ ไม่กันน้ำ\n';
    const [cream] = recordsOf(csvBlocks(csv, 'THB'));
    expect(cream?.facts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'volume', value: 50, unit: 'ml' }),
        expect.objectContaining({ kind: 'spf', value: 50 }),
        expect.objectContaining({ kind: 'waterproof', value: false }),
      ]),
    );
  });
});
