import { shortenFileName } from '@aisle/contracts/knowledge';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { refusedFiles } from './upload-refusals';

const item = (key: string, name: string) => ({ key, file: { name } });
const longName = `Spring catalogue - ${'tents, sleeping bags and camp kitchens - '.repeat(7)}final.md`;

describe('refusals of an upload batch, file by file', () => {
  it('marks each file the server refused by name, with its reason, and leaves the rest to send again', () => {
    const batch = [item('a', 'ok.md'), item('b', 'huge.pdf'), item('c', 'tab\there.txt'), item('d', 'fine.txt')];
    const error = new ApiError(400, {
      files: [
        'huge.pdf: This file is larger than the 25 MB limit. Split it into smaller files and upload those.',
        'tab\there.txt: File names may not contain slashes or control characters. Rename the file and upload it again.',
      ],
    });
    expect(refusedFiles(error, batch)).toEqual(
      new Map([
        ['b', 'This file is larger than the 25 MB limit. Split it into smaller files and upload those.'],
        ['c', 'File names may not contain slashes or control characters. Rename the file and upload it again.'],
      ]),
    );
  });

  it('knows a long name by the shortened form the server names it with', () => {
    const error = new ApiError(400, { files: [`${shortenFileName(longName)}: This file is larger than the 25 MB limit.`] });
    expect(refusedFiles(error, [item('a', 'a.md'), item('b', longName)])).toEqual(
      new Map([['b', 'This file is larger than the 25 MB limit.']]),
    );
  });

  it('names nothing for a failure of the whole call', () => {
    expect(refusedFiles(new ApiError(404, { detail: 'Store not found.' }), [item('a', 'a.md')]).size).toBe(0);
    expect(refusedFiles(new ApiError(0, null), [item('a', 'a.md')]).size).toBe(0);
  });
});

describe('shortened file names', () => {
  it('keeps a name that fits, and shortens a longer one to 255 characters, keeping its start, its end and its extension', () => {
    expect(shortenFileName('faq.md')).toBe('faq.md');
    expect(shortenFileName('x'.repeat(255))).toBe('x'.repeat(255));
    const short = shortenFileName(longName);
    expect(short).toHaveLength(255);
    expect(short.startsWith('Spring catalogue - tents, sleeping bags')).toBe(true);
    expect(short.endsWith('camp kitchens - final.md')).toBe(true);
    expect(short).toContain('…');
  });

  it('never splits a character made of two code units', () => {
    const short = shortenFileName(`${'😀'.repeat(200)}.txt`);
    expect(short.length).toBeLessThanOrEqual(255);
    expect(short).toMatch(/^(😀)+…(😀)+\.txt$/u);
  });
});
