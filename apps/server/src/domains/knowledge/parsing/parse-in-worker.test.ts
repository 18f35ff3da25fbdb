import { afterAll, describe, expect, it } from 'vitest';
import { largeProductCsv } from '../../../testing/hostile-documents';
import { IngestError } from './ingest-error';
import { DocumentParser } from './parse-in-worker';

const faq = () => new Uint8Array(Buffer.from('# Returns\n\nYou can return any unworn item within 30 days.\n'));

async function refusal(parser: DocumentParser, bytes: Uint8Array, fileName = 'products.csv') {
  const error = await parser.parse({ bytes, fileName, contentType: '' }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof IngestError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('parsing in a worker thread', () => {
  const parsers: DocumentParser[] = [];
  const parserWith = (options: ConstructorParameters<typeof DocumentParser>[0]) => {
    const parser = new DocumentParser(options);
    parsers.push(parser);
    return parser;
  };
  afterAll(() => Promise.all(parsers.map((parser) => parser.close())));

  it('hands back the blocks, taking the bytes over instead of copying them', async () => {
    const bytes = faq();
    const { format, blocks } = await parserWith({}).parse({ bytes, fileName: 'faq.md', contentType: 'text/markdown' });
    expect(format).toBe('markdown');
    expect(blocks.map((block) => block.text)).toEqual(['Returns', 'You can return any unworn item within 30 days.']);
    expect(bytes.byteLength).toBe(0);
  });

  it('passes a file the parser refuses on with its own reason', async () => {
    const error = await refusal(parserWith({}), new Uint8Array(Buffer.from('{"a": [1, 2')), 'broken.json');
    expect(error.code).toBe('type_mismatch');
  });

  it('fails a file whose parse runs out of the worker heap, and parses the next file', async () => {
    const parser = parserWith({ limits: { maxOldGenerationSizeMb: 48 } });
    // ~35,000 short products: several hundred MB of heap to parse.
    const error = await refusal(parser, largeProductCsv(8, 1));
    expect(error.message).toBe(
      'Reading this file took more memory than a file may use. Split it into smaller files and upload them separately.',
    );
    const { blocks } = await parser.parse({ bytes: faq(), fileName: 'faq.md', contentType: '' });
    expect(blocks).toHaveLength(2);
  }, 60_000);

  it('ends a parse that overruns its time budget', async () => {
    const parser = parserWith({ limits: { timeMs: 1_000 } });
    const started = Date.now();
    const error = await refusal(parser, largeProductCsv(6));
    expect(error.message).toBe(
      'Reading this file took longer than its 1-second limit. Split it into smaller files and upload them separately.',
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('fails a file whose worker dies', async () => {
    const parser = parserWith({ filename: new URL('./crashing-parse-worker.fixture.mjs', import.meta.url).href });
    const error = await refusal(parser, faq());
    expect(error.message).toBe('Reading this file stopped unexpectedly. Check that it opens, save it again and upload it.');
  });
});
