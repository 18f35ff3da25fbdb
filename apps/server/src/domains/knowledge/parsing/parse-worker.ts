import { IngestError, type IngestErrorCode } from './ingest-error';
import { type ParsedDocument, parseDocument } from './parse-document';
import { limitExceeded } from './parse-limits';

export interface ParseTask {
  /** Transferred to the worker, not copied. */
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  currency: string | null;
  /** Set to Date.now() when the parse starts: the time budget counts from then (run-watchdog.ts). */
  startedAt: Float64Array;
}

export type ParseOutcome =
  | { ok: true; document: ParsedDocument }
  | { ok: false; code: IngestErrorCode; message: string }
  /** A bug rather than the file: retried like any other unexpected failure. */
  | { ok: false; unexpected: string };

/**
 * The parse worker's task (piscina calls the default export): one file's bytes to blocks. Every
 * outcome comes back as data, so the pool can tell a file the parser refused from a worker that
 * died (out of memory, killed for time), which is the only way its promise rejects.
 */
export default async function parseTask(task: ParseTask): Promise<ParseOutcome> {
  task.startedAt[0] = Date.now();
  try {
    return { ok: true, document: await parseDocument(task) };
  } catch (error) {
    if (error instanceof IngestError) return { ok: false, code: error.code, message: error.message };
    // Recursion too deep for the worker's stack: the same bytes overflow it every time.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      const refusal = limitExceeded.crashed();
      return { ok: false, code: refusal.code, message: refusal.message };
    }
    return { ok: false, unexpected: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
