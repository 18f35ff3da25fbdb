/** Why a file could not be indexed, as a stable code for the UI and logs. */
export type IngestErrorCode =
  | 'too_large'
  | 'empty'
  | 'unreadable'
  | 'type_mismatch'
  | 'unsupported_type'
  | 'encrypted'
  | 'no_text'
  /** It would expand past a limit (parse-limits.ts), or its parse ran out of memory or time. */
  | 'too_complex';

/**
 * A problem with the file itself, not with the server: retrying cannot help, so the file fails at
 * once and `message` is shown to the merchant verbatim on that file.
 */
export class IngestError extends Error {
  constructor(
    public readonly code: IngestErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'IngestError';
  }
}
