import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { contentBombPdf, deepJson, giantRunDocx, smallDocx, zipBombDocx } from '../../../testing/hostile-documents';
import { IngestError } from './ingest-error';
import { parseDocument } from './parse-document';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function refusal(fileName: string, contentType: string, bytes: Uint8Array): Promise<IngestError> {
  const error = await parseDocument({ bytes, fileName, contentType }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof IngestError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const words = 'the merino jacket keeps you warm and dry on long alpine hikes through wind and rain while breathing well'.split(' ');
const sentence = (i: number) => `${Array.from({ length: 16 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ')}.`;

describe('documents that expand past the limits', () => {
  it('refuses a DOCX whose zip declares hundreds of MB of XML, before inflating it', async () => {
    const started = performance.now();
    const error = await refusal('bomb.docx', DOCX, zipBombDocx(300));
    expect(error.message).toBe(
      'This document expands to more than 32 MB when opened. Split it into smaller files and upload them separately.',
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a DOCX whose zip understates a giant run of text, while inflating it', async () => {
    const error = await refusal('run.docx', DOCX, giantRunDocx(200));
    expect(error.message).toMatch(/^This document expands to more than 32 MB when opened/);
  });

  it('still reads a small DOCX zipped the same way', async () => {
    const { blocks } = await parseDocument({ bytes: smallDocx('Orders over $75 ship free.'), fileName: 'ok.docx', contentType: DOCX });
    expect(blocks.map((block) => block.text)).toEqual(['Orders over $75 ship free.']);
  });

  it('refuses a PDF whose content stream inflates to hundreds of MB', async () => {
    const error = await refusal('bomb.pdf', 'application/pdf', contentBombPdf(300));
    expect(error.message).toBe('This PDF expands to more than 64 MB when opened. Split it into smaller files and upload them separately.');
  });

  it('refuses a PDF page carrying more text than any readable page', async () => {
    const error = await refusal('dense.pdf', 'application/pdf', contentBombPdf(2));
    expect(error.message).toMatch(/^A page of this PDF holds more than 1 MB of text/);
  });

  it('refuses JSON nested 100,000 levels deep, and reads JSON nested 60 deep with brackets in its strings', async () => {
    const error = await refusal('deep.json', 'application/json', deepJson(100_000));
    expect(error.message).toBe('This JSON file is nested more than 64 levels deep. Flatten it and upload it again.');
    const nested = `${'{"a":'.repeat(59)}{"note":"[[[[{{{{ not nesting \\" [[["}${'}'.repeat(59)}`;
    const { blocks } = await parseDocument({ bytes: Buffer.from(nested), fileName: 'ok.json', contentType: 'application/json' });
    expect(blocks[0]?.text).toContain('[[[[{{{{ not nesting');
  });

  it('still reads a 300-page manual as DOCX and as PDF', async () => {
    const children: Paragraph[] = [];
    for (let page = 0; page < 300; page++) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, text: `Section ${page + 1}: care` }));
      for (let j = 0; j < 6; j++) {
        children.push(
          new Paragraph({
            children: [new TextRun(`${sentence(page + j)} ${sentence(page * 3 + j)}`), new TextRun({ text: ' Note.', bold: true })],
          }),
        );
      }
    }
    const docx = await Packer.toBuffer(new Document({ sections: [{ children }] }));
    const fromDocx = await parseDocument({ bytes: docx, fileName: 'manual.docx', contentType: DOCX });
    expect(fromDocx.blocks.filter((block) => block.kind === 'heading')).toHaveLength(300);

    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let number = 0; number < 300; number++) {
      const page = pdf.addPage([612, 792]);
      for (let line = 0; line < 45; line++) page.drawText(sentence(number * 50 + line), { x: 72, y: 740 - line * 14, size: 10, font });
    }
    const fromPdf = await parseDocument({ bytes: await pdf.save(), fileName: 'manual.pdf', contentType: 'application/pdf' });
    expect(fromPdf.blocks.map((block) => block.text).join(' ').length).toBeGreaterThan(300 * 45 * 60);
  }, 60_000);
});
