/**
 * The one error type of the domain layer. Codes map to HTTP statuses in `http/error-handler.ts`
 * and to GraphQL errors in `graphql/`; clients see `detail` (or `fields`), logs see the cause.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof errorStatus;

export interface AppErrorOptions {
  /** Field errors in the Django REST framework shape: `{"email": ["..."]}`. */
  fields?: Record<string, string[]>;
  /** Extra machine-readable code for the body (Simple-JWT's `token_not_valid`, …). */
  bodyCode?: string;
  /** Seconds the client should wait before trying again: sent as `Retry-After` (429, 503). */
  retryAfterSeconds?: number;
  /** More machine-readable fields of the body (a reached limit's name). */
  extra?: Record<string, string | number>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly fields?: Record<string, string[]>;
  readonly bodyCode?: string;
  readonly retryAfterSeconds?: number;
  readonly extra?: Record<string, string | number>;

  constructor(
    readonly code: AppErrorCode,
    readonly detail: string,
    options: AppErrorOptions = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.fields = options.fields;
    this.bodyCode = options.bodyCode;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  /** The response body the spec's error catalogue reads. */
  toBody(): Record<string, unknown> {
    if (this.fields) return this.fields;
    return this.bodyCode ? { detail: this.detail, code: this.bodyCode, ...this.extra } : { detail: this.detail, ...this.extra };
  }

  static fields(fields: Record<string, string[]>): AppError {
    const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
    return new AppError('BAD_REQUEST', first, { fields });
  }
}

/** The SQLSTATE of a database error, whether Drizzle wrapped it (as `cause`) or not. */
export function databaseErrorCode(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = cause?.code ?? code;
  return typeof found === 'string' && /^[0-9A-Z]{5}$/.test(found) ? found : undefined;
}

/**
 * What a client did wrong, or what went wrong for them, when the database refused a statement; null
 * for failures that are the server's own (they stay 500s, logged).
 */
export function appErrorFromDatabase(error: unknown): AppError | null {
  switch (databaseErrorCode(error)) {
    case '23505':
      return new AppError('CONFLICT', 'An item with this key already exists.', { cause: error });
    case '23503':
      return new AppError('BAD_REQUEST', 'A referenced item does not exist.', { cause: error });
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new AppError('BAD_REQUEST', 'A value has the wrong format.', { cause: error });
    case '22021':
    case '22P05':
      return new AppError('BAD_REQUEST', 'A value holds characters that cannot be stored.', { cause: error });
    case '57014':
      return new AppError('UNAVAILABLE', 'The request took too long and was stopped. Ask for less and try again.', { cause: error });
    default:
      return null;
  }
}
