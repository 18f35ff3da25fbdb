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
  cause?: unknown;
}

export class AppError extends Error {
  readonly fields?: Record<string, string[]>;
  readonly bodyCode?: string;
  readonly retryAfterSeconds?: number;

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
  }

  get status(): number {
    return errorStatus[this.code];
  }

  /** The response body the spec's error catalogue reads. */
  toBody(): Record<string, unknown> {
    if (this.fields) return this.fields;
    return this.bodyCode ? { detail: this.detail, code: this.bodyCode } : { detail: this.detail };
  }

  static fields(fields: Record<string, string[]>): AppError {
    const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
    return new AppError('BAD_REQUEST', first, { fields });
  }
}
