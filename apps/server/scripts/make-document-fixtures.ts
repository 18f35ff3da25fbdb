// Builds the binary sample documents under src/testing/fixtures/documents (the text ones are
// written by hand beside them): a two-page returns policy PDF, a password-protected copy of it, a
// damaged PDF and a shipping guide in Word format. The committed files are what the tests use;
// run this only to change them:
//   node --experimental-strip-types apps/server/scripts/make-document-fixtures.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';

const dir = fileURLToPath(new URL('../src/testing/fixtures/documents/', import.meta.url));
const PASSWORD = 'northwind';

type Line = { size: number; bold?: boolean; text: string; gapBefore?: number };

/** Pages of lines, each a heading or one line of a paragraph, laid out top-down like a word processor would. */
const returnsPolicy: Line[][] = [
  [
    { size: 22, bold: true, text: 'Northwind Outfitters Returns Policy' },
    { size: 11, gapBefore: 14, text: 'We want you to love your gear. If something is not right, you can return it' },
    { size: 11, text: 'for a full refund or an exchange.' },
    { size: 16, bold: true, gapBefore: 18, text: 'Return window' },
    { size: 11, gapBefore: 8, text: 'You can return any unworn item within 30 days of delivery. Items must have' },
    { size: 11, text: 'their original tags attached and be in their original packaging.' },
    { size: 11, gapBefore: 10, text: 'Sale items marked final sale cannot be returned.' },
    { size: 16, bold: true, gapBefore: 18, text: 'How to start a return' },
    { size: 11, gapBefore: 8, text: '• Sign in to your account and open your order.' },
    { size: 11, text: '• Choose the items to return and print the prepaid label.' },
    { size: 11, text: '• Drop the parcel at any post office within 7 days.' },
  ],
  [
    { size: 16, bold: true, text: 'Refunds' },
    { size: 11, gapBefore: 8, text: 'Refunds are issued to the original payment method within 5 business days' },
    { size: 11, text: 'of your return reaching our warehouse. Return shipping is free for exchanges;' },
    { size: 11, text: 'for refunds a $6.95 return fee is deducted.' },
    { size: 16, bold: true, gapBefore: 18, text: 'Damaged or faulty items' },
    { size: 11, gapBefore: 8, text: 'If an item arrives damaged, email a photo to returns@northwind.example within' },
    { size: 11, text: '14 days and we will send a replacement at no cost.' },
  ],
];

function drawPage(page: PDFPage, lines: Line[], fonts: { regular: PDFFont; bold: PDFFont }) {
  let y = page.getHeight() - 72;
  for (const line of lines) {
    y -= (line.gapBefore ?? 0) + line.size * 1.25;
    page.drawText(line.text, { x: 72, y, size: line.size, font: line.bold ? fonts.bold : fonts.regular });
  }
}

async function returnsPolicyPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Returns Policy');
  // Fixed dates keep the output byte-for-byte the same from one run to the next.
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  for (const lines of returnsPolicy) drawPage(pdf.addPage([612, 792]), lines, fonts);
  return pdf.save({ useObjectStreams: false });
}

function corruptPdf(): Uint8Array {
  const garbage = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256);
  return Buffer.concat([Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R'), garbage]);
}

async function shippingGuideDocx(): Promise<Uint8Array> {
  const doc = new Document({
    creator: 'Northwind Outfitters',
    title: 'Shipping Guide',
    numbering: {
      config: [
        {
          reference: 'bullets',
          levels: [
            { level: 0, format: 'bullet', text: '•', alignment: 'left', style: { paragraph: { indent: { left: 720, hanging: 360 } } } },
          ],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Shipping Guide' }),
          new Paragraph({
            children: [
              new TextRun('Every order ships from our warehouse in Portland, Oregon. We offer '),
              new TextRun({ text: 'free shipping on orders over $75', bold: true }),
              new TextRun(' within the continental US.'),
            ],
          }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, text: 'Delivery options' }),
          new Paragraph('Choose a delivery speed at checkout:'),
          new Paragraph({ text: 'Standard shipping: 3 to 5 business days, $5.95', numbering: { reference: 'bullets', level: 0 } }),
          new Paragraph({ text: 'Express shipping: 1 to 2 business days, $14.95', numbering: { reference: 'bullets', level: 0 } }),
          new Paragraph({ text: 'Store pickup in Portland: ready in 2 hours, free', numbering: { reference: 'bullets', level: 0 } }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, text: 'International shipping' }),
          new Paragraph(
            'We ship to Canada, the UK and the EU. Duties and taxes are calculated at checkout, so there are no surprises on delivery.',
          ),
          new Paragraph({ heading: HeadingLevel.HEADING_3, text: 'Tracking your parcel' }),
          new Paragraph('A tracking link is emailed as soon as your parcel leaves the warehouse.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

function encrypt(source: string, target: string) {
  try {
    execFileSync('qpdf', ['--encrypt', PASSWORD, PASSWORD, '256', '--', source, target]);
    console.log(`wrote ${target}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.log(`qpdf is not installed (apt-get install qpdf): kept the committed ${target}`);
  }
}

const files: [string, Uint8Array][] = [
  ['returns-policy.pdf', await returnsPolicyPdf()],
  ['corrupt.pdf', corruptPdf()],
  ['shipping-guide.docx', await shippingGuideDocx()],
];
for (const [name, bytes] of files) {
  writeFileSync(`${dir}${name}`, bytes);
  console.log(`wrote ${dir}${name}`);
}
encrypt(`${dir}returns-policy.pdf`, `${dir}encrypted.pdf`);
