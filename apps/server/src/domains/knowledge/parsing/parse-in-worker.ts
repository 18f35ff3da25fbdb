import { Piscina } from 'piscina';
import { watchRunTime } from '../../../lib/run-watchdog';
import { IngestError } from './ingest-error';
import type { ParsedDocument } from './parse-document';
import { limitExceeded } from './parse-limits';
import type { ParseOutcome, ParseTask } from './parse-worker';

export interface ParseWorkerLimits {
  /**
   * The worker's heap. A legitimate 20 MB product CSV (106,000 products) needs ~340 MB of it to
   * parse; the expansion limits (parse-limits.ts) keep a hostile file far below, so this only
   * catches what they miss. Counted in the server's memory while a file is parsed.
   */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** Node's default: the parsers recurse only as deep as the nesting limits allow. */
  stackSizeMb: number;
  /**
   * How long one file may take. That CSV parses in 11–17 s on one core, a 300-page PDF in ~5 s;
   * two files at once on a busy 2-core machine take a few times longer.
   */
  timeMs: number;
}

export const DEFAULT_PARSE_LIMITS: ParseWorkerLimits = {
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 32,
  stackSizeMb: 4,
  timeMs: 120_000,
};

export interface DocumentParserOptions {
  limits?: Partial<ParseWorkerLimits>;
  /** The worker entry (tests pass their own). */
  filename?: string;
}

/**
 * Parses files in worker threads with a bounded heap and a time budget, so a file that a parser
 * cannot cope with costs that file, never the server: a worker that runs out of memory, crashes
 * or overruns its time is ended and the file fails with a reason (never retried: the same bytes
 * would do the same again). Two threads (files indexed at once queue for them); none while idle,
 * so a big parse's heap is given back soon after.
 */
export class DocumentParser {
  private readonly piscina: Piscina<ParseTask, ParseOutcome>;
  private readonly limits: ParseWorkerLimits;

  constructor(options: DocumentParserOptions = {}) {
    this.limits = { ...DEFAULT_PARSE_LIMITS, ...options.limits };
    const { timeMs: _, ...resourceLimits } = this.limits;
    this.piscina = new Piscina({
      filename: options.filename ?? defaultWorkerFile(),
      minThreads: 0,
      maxThreads: 2,
      idleTimeout: 10_000,
      concurrentTasksPerWorker: 1,
      atomics: 'async',
      resourceLimits,
    });
  }

  async parse(input: { bytes: Uint8Array; fileName: string; contentType: string; currency?: string | null }): Promise<ParsedDocument> {
    // Transferred, so the bytes must own their buffer (a pooled Buffer shares one with others).
    const owned = input.bytes.byteOffset === 0 && input.bytes.byteLength === input.bytes.buffer.byteLength;
    const bytes = owned ? input.bytes : new Uint8Array(input.bytes);
    const task: ParseTask = {
      bytes,
      fileName: input.fileName,
      contentType: input.contentType,
      currency: input.currency ?? null,
      startedAt: new Float64Array(new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT)),
    };
    const watchdog = new AbortController();
    const stopWatching = watchRunTime(task.startedAt, this.limits.timeMs, watchdog);
    let outcome: ParseOutcome;
    try {
      outcome = await this.piscina.run(task, { signal: watchdog.signal, transferList: [bytes.buffer as ArrayBuffer] });
    } catch (error) {
      if (watchdog.signal.aborted) throw limitExceeded.time(Math.max(1, Math.round(this.limits.timeMs / 1000)));
      const code = (error as { code?: unknown }).code;
      throw code === 'ERR_WORKER_OUT_OF_MEMORY' ? limitExceeded.memory() : limitExceeded.crashed();
    } finally {
      stopWatching();
    }
    if (outcome.ok) return outcome.document;
    if ('unexpected' in outcome) throw new Error(`parsing failed: ${outcome.unexpected}`);
    throw new IngestError(outcome.code, outcome.message);
  }

  close(): Promise<void> {
    return this.piscina.destroy();
  }
}

/** The worker entry: beside the bundle in production, a tsx bootstrap when running from sources. */
function defaultWorkerFile(): string {
  return import.meta.url.endsWith('.ts')
    ? new URL('./parse-worker-from-sources.mjs', import.meta.url).href
    : new URL('./document-parse-worker.mjs', import.meta.url).href;
}

/** The server's parser, started with the first file (replaceable in tests through closeDocumentParser). */
let parser: DocumentParser | undefined;

export function parseInWorker(input: Parameters<DocumentParser['parse']>[0]): Promise<ParsedDocument> {
  parser ??= new DocumentParser();
  return parser.parse(input);
}

/** Ends the parse threads (app shutdown, tests); a later parse starts new ones. */
export async function closeDocumentParser(): Promise<void> {
  const closing = parser;
  parser = undefined;
  await closing?.close();
}
