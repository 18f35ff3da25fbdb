import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IngestError } from './ingest-error';
import { type Block, parseDocument } from './parse-document';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../testing/fixtures/documents/${name}`, import.meta.url)));
const parse = (fileName: string, contentType: string, bytes = fixture(fileName)) => parseDocument({ bytes, fileName, contentType });
const headings = (blocks: Block[]) => blocks.filter((block) => block.kind === 'heading').map((block) => [block.level, block.text]);
const texts = (blocks: Block[], kind: Block['kind']) => blocks.filter((block) => block.kind === kind).map((block) => block.text);
const allText = (blocks: Block[]) => blocks.map((block) => block.text).join('\n');

/** The IngestError a parse fails with. */
async function failure(promise: Promise<unknown>): Promise<IngestError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(IngestError);
  return error as IngestError;
}

describe('parseDocument', () => {
  it('rebuilds a PDF’s headings, paragraphs and bullets from its layout, across pages', async () => {
    const { format, blocks } = await parse('returns-policy.pdf', 'application/pdf');
    expect(format).toBe('pdf');
    expect(headings(blocks)).toEqual([
      [1, 'Northwind Outfitters Returns Policy'],
      [2, 'Return window'],
      [2, 'How to start a return'],
      [2, 'Refunds'],
      [2, 'Damaged or faulty items'],
    ]);
    expect(texts(blocks, 'paragraph')).toContain(
      'You can return any unworn item within 30 days of delivery. Items must have their original tags attached and be in their original packaging.',
    );
    expect(texts(blocks, 'list-item')).toEqual([
      'Sign in to your account and open your order.',
      'Choose the items to return and print the prepaid label.',
      'Drop the parcel at any post office within 7 days.',
    ]);
    // Page two's text follows page one's.
    expect(allText(blocks)).toMatch(/30 days[\s\S]*\$6\.95 return fee/);
  });

  it('keeps a Word document’s headings and bulleted list', async () => {
    const { format, blocks } = await parse(
      'shipping-guide.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(format).toBe('docx');
    expect(headings(blocks)).toEqual([
      [1, 'Shipping Guide'],
      [2, 'Delivery options'],
      [2, 'International shipping'],
      [3, 'Tracking your parcel'],
    ]);
    expect(texts(blocks, 'list-item')).toEqual([
      'Standard shipping: 3 to 5 business days, $5.95',
      'Express shipping: 1 to 2 business days, $14.95',
      'Store pickup in Portland: ready in 2 hours, free',
    ]);
    expect(texts(blocks, 'paragraph')[0]).toContain('free shipping on orders over $75');
  });

  it('takes an HTML page’s main content only, without navigation, banners, sidebars or footer', async () => {
    const { format, blocks } = await parse('care-guide.html', 'text/html; charset=utf-8');
    expect(format).toBe('html');
    expect(headings(blocks)).toEqual([
      [1, 'Merino Wool Care Guide'],
      [2, 'Washing'],
      [2, 'Drying and storage'],
      [3, 'Removing pilling'],
    ]);
    expect(texts(blocks, 'list-item')).toEqual([
      'Never use fabric softener: it coats the fibres.',
      'Do not tumble dry.',
      'Wash dark colours separately',
      'especially the Charcoal and Forest Green shades',
    ]);
    expect(texts(blocks, 'table-row')).toEqual(['Fabric weight | Wash temperature', '150 gsm | 30°C', '250 gsm | 20°C']);
    expect(texts(blocks, 'paragraph')).toContain('A little pilling in the first weeks is normal; remove it gently with a wool comb.');
    const text = allText(blocks);
    for (const chrome of [
      'Shop all',
      'Winter sale',
      'My account',
      'cookies',
      'You might also like',
      'Gift cards',
      'Privacy policy',
      'analytics',
    ]) {
      expect(text).not.toContain(chrome);
    }
  });

  it('leads with the page title when a page without <main> has no h1', async () => {
    const html = `<html><head><title>Gift Wrapping</title></head><body><nav>Home · Shop</nav>
      <div class="content"><p>We gift wrap any order for $4 in recycled kraft paper.</p></div><footer>Contact us</footer></body></html>`;
    const { blocks } = await parse('gift.html', '', new TextEncoder().encode(html));
    expect(blocks.map(({ kind, level, text }) => ({ kind, level, text }))).toEqual([
      { kind: 'heading', level: 1, text: 'Gift Wrapping' },
      { kind: 'paragraph', level: undefined, text: 'We gift wrap any order for $4 in recycled kraft paper.' },
    ]);
  });

  it('reads Markdown headings, lists, tables and code, skipping front matter', async () => {
    const { format, blocks } = await parse('faq.md', 'text/markdown');
    expect(format).toBe('markdown');
    expect(headings(blocks)).toEqual([
      [1, 'Frequently Asked Questions'],
      [2, 'Orders'],
      [3, 'Can I change my order?'],
      [3, 'Which payment methods do you accept?'],
      [2, 'Gift cards'],
    ]);
    expect(texts(blocks, 'list-item')).toEqual([
      'Visa, Mastercard and American Express',
      'PayPal',
      'Klarna (pay in 3 instalments)',
      'available in the US and UK only',
      'Choose an amount',
      'Add a personal message',
      'We email it on the date you pick',
    ]);
    expect(texts(blocks, 'table-row')).toEqual(['Card value | Bonus credit', '$50 | $5', '$100 | $15']);
    expect(texts(blocks, 'paragraph')).toEqual(
      expect.arrayContaining([
        'You can change or cancel an order within 2 hours of placing it. Email support with your order number.',
        'Gift card code format: NW-XXXX-XXXX',
        'Lost your gift card? We can resend it from your account page.',
      ]),
    );
    expect(allText(blocks)).not.toContain('title: Frequently asked questions');
  });

  it('splits plain text into paragraphs and list items', async () => {
    const { format, blocks } = await parse('size-chart.txt', 'text/plain');
    expect(format).toBe('text');
    expect(texts(blocks, 'paragraph')).toEqual([
      'Northwind Outfitters size chart',
      "Alpine Merino Base Layer - women's sizes (chest in cm)\nXS: 80-84\nS: 85-89\nM: 90-94\nL: 95-99",
      'How to measure:',
      'If you are between two sizes, we recommend sizing up for layering.',
    ]);
    expect(texts(blocks, 'list-item')).toEqual([
      'Chest: measure around the fullest part of your chest.',
      'Waist: measure around your natural waistline, keeping the tape comfortably loose.',
      'Hips: measure around the widest part.',
    ]);
  });

  it('makes one passage per product from a Shopify CSV export, variant rows folded in', async () => {
    const { format, blocks } = await parse('products.csv', 'text/csv');
    expect(format).toBe('csv');
    expect(blocks.map((block) => block.kind)).toEqual(['product', 'product', 'product']);
    expect(blocks[0]?.text).toBe(
      [
        'Alpine Merino Base Layer',
        'Price: 79.00 – 84.00',
        'Size: Small, Medium, Large',
        'URL: https://northwind.example/products/alpine-merino-base-layer',
        'Vendor: Northwind',
        'Type: Base layers',
        'SKU: AMB-S, AMB-M, AMB-L',
        'Tags: merino, winter, hiking',
        'Lightweight 150 gsm merino wool base layer for cold mornings.',
        'Odour-resistant',
        'Flatlock seams',
      ].join('\n'),
    );
    // Shopify's "Default Title" is no variant worth naming.
    expect(blocks[1]?.text).toMatch(/^Trailblazer Rain Jacket\nPrice: 249\.00\nURL: /);
    expect(blocks[1]?.text).not.toContain('Default Title');
    expect(blocks[2]?.text).toContain('Color: Charcoal, Forest Green');
  });

  it('indexes a CSV that is not a product list row by row', async () => {
    const csv = 'Country,Delivery days,Cost\nCanada,5-7,$12\nUnited Kingdom,7-10,\n';
    const { blocks } = await parse('rates.csv', 'application/octet-stream', new TextEncoder().encode(csv));
    expect(blocks.map(({ kind, text }) => [kind, text])).toEqual([
      ['table-row', 'Country: Canada; Delivery days: 5-7; Cost: $12'],
      ['table-row', 'Country: United Kingdom; Delivery days: 7-10'],
    ]);
  });

  it('makes one passage per product from Shopify’s products.json', async () => {
    const { format, blocks } = await parse('products.json', 'application/json');
    expect(format).toBe('json');
    expect(blocks.map((block) => block.kind)).toEqual(['product', 'product', 'product']);
    expect(blocks[0]?.text).toBe(
      [
        'Ridgeline Hiking Boots',
        'Price: 189.00 – 199.00',
        'Size: EU 40, EU 42, EU 44',
        'URL: https://northwind.example/products/ridgeline-hiking-boots',
        'Vendor: Northwind',
        'Type: Footwear',
        'SKU: RHB-40, RHB-42, RHB-44',
        'Tags: boots, hiking, waterproof',
        'Waterproof leather hiking boots with a Vibram sole.',
      ].join('\n'),
    );
    expect(blocks[1]?.text).toContain('Tags: camping, down, winter');
    expect(blocks[2]?.text).toContain('URL: https://northwind.example/products/trail-mix-water-bottle');
  });

  it('flattens other JSON to key: value paragraphs', async () => {
    const json = JSON.stringify({ store: { name: 'Northwind', hours: ['Mon-Fri 9-5', 'Sat 10-4'] }, phone: '+1 503 555 0100' });
    const { blocks } = await parse('info.json', 'application/json', new TextEncoder().encode(json));
    expect(blocks.map((block) => block.text)).toEqual([
      'store.name: Northwind\nstore.hours: Mon-Fri 9-5, Sat 10-4',
      'phone: +1 503 555 0100',
    ]);
  });

  it('lays blocks out with increasing offsets', async () => {
    const { blocks } = await parse('faq.md', 'text/markdown');
    expect(blocks[0]?.offset).toBe(0);
    for (let i = 1; i < blocks.length; i++) {
      const previous = blocks[i - 1] as Block;
      expect((blocks[i] as Block).offset).toBeGreaterThanOrEqual(previous.offset + previous.text.length);
    }
  });

  it('picks the format from the extension when the type is not declared', async () => {
    const { format } = await parse('faq.md', '');
    expect(format).toBe('markdown');
  });

  describe('refuses files it cannot index, saying why', () => {
    it('a password-protected PDF', async () => {
      const error = await failure(parse('encrypted.pdf', 'application/pdf'));
      expect(error.code).toBe('encrypted');
      expect(error.message).toBe('This PDF is password-protected. Remove the password and upload it again.');
    });

    it('a damaged PDF', async () => {
      const error = await failure(parse('corrupt.pdf', 'application/pdf'));
      expect(error.code).toBe('unreadable');
      expect(error.message).toBe('This file could not be read: it looks damaged.');
    });

    it('a page declared as a PDF', async () => {
      const error = await failure(parse('care-guide.pdf', 'application/pdf', fixture('care-guide.html')));
      expect(error.code).toBe('type_mismatch');
      expect(error.message).toBe("This file's content does not match its type (declared PDF, but it is not a PDF).");
    });

    it('a PDF declared as a Word document', async () => {
      const error = await failure(parse('policy.docx', '', fixture('returns-policy.pdf')));
      expect(error.code).toBe('type_mismatch');
    });

    it('binary content declared as plain text', async () => {
      const error = await failure(parse('notes.txt', 'text/plain', fixture('shipping-guide.docx')));
      expect(error.code).toBe('type_mismatch');
      expect(error.message).toBe("This file's content does not match its type (declared plain text, but it is not text).");
      const latin1 = Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x0a]);
      expect((await failure(parse('notes.txt', 'text/plain', latin1))).code).toBe('type_mismatch');
    });

    it('invalid JSON', async () => {
      const error = await failure(parse('products.json', 'application/json', new TextEncoder().encode('{"products": [')));
      expect(error.code).toBe('type_mismatch');
    });

    it('an empty or blank file', async () => {
      for (const bytes of [new Uint8Array(), new TextEncoder().encode(' \n\t\r\n')]) {
        const error = await failure(parse('empty.txt', 'text/plain', bytes));
        expect(error.code).toBe('empty');
        expect(error.message).toBe('This file is empty.');
      }
    });

    it('a type it does not handle', async () => {
      for (const [fileName, contentType] of [
        ['photo.png', 'image/png'],
        ['sheet.xlsx', ''],
        ['archive.zip', 'application/octet-stream'],
      ]) {
        const error = await failure(parse(fileName as string, contentType as string, new TextEncoder().encode('data')));
        expect(error.code).toBe('unsupported_type');
      }
    });

    it('a file with no text in it', async () => {
      const error = await failure(
        parse('blank.html', 'text/html', new TextEncoder().encode('<html><body><nav>Home</nav><img src="a.png"></body></html>')),
      );
      expect(error.code).toBe('no_text');
      expect(error.message).toBe('No text could be found in this file.');
    });
  });
});
