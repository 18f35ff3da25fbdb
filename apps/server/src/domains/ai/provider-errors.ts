import { APICallError, LoadAPIKeyError, RetryError } from 'ai';

export type ProviderFailureCode = 'bad_key' | 'rate_limited' | 'unavailable' | 'interrupted' | 'unknown_model' | 'failed';

/** What the person chatting sees when the provider fails; logs keep the error itself. */
export interface ProviderFailure {
  code: ProviderFailureCode;
  message: string;
  /** Whether trying the same request again later may work. */
  retryable: boolean;
}

export const providerFailures: Record<ProviderFailureCode, ProviderFailure> = {
  bad_key: {
    code: 'bad_key',
    message: 'The AI provider rejected the API key. Check the key in the server configuration.',
    retryable: false,
  },
  rate_limited: { code: 'rate_limited', message: 'The AI provider is rate-limiting requests. Try again in a moment.', retryable: true },
  unavailable: { code: 'unavailable', message: 'The AI provider is not responding. Try again in a moment.', retryable: true },
  interrupted: { code: 'interrupted', message: 'The answer was interrupted. Try again.', retryable: true },
  unknown_model: { code: 'unknown_model', message: 'This model is not available from the provider.', retryable: false },
  failed: { code: 'failed', message: 'The AI provider could not answer this request. Try again in a moment.', retryable: true },
};

/** Connection failures before any answer: the provider (or the way to it) is down. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The error and its causes, outermost first (RetryError keeps the last attempt's error). */
function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && !seen.has(current)) {
    seen.add(current);
    yield current;
    current = RetryError.isInstance(current) ? current.lastError : (current as { cause?: unknown }).cause;
  }
}

const codeOf = (error: unknown) => (error as { code?: unknown }).code;
const nameOf = (error: unknown) => (error as { name?: unknown }).name;

function statusFailure(status: number): ProviderFailure | undefined {
  if (status === 401 || status === 403) return providerFailures.bad_key;
  if (status === 429) return providerFailures.rate_limited;
  if (status === 404) return providerFailures.unknown_model;
  // 529 is Anthropic's "overloaded".
  if (status >= 500) return providerFailures.unavailable;
  return undefined;
}

/**
 * Maps an AI SDK or network error to the message a person can act on. `answerStarted`: some text
 * had already arrived, so a lost connection cut the answer rather than preventing it.
 */
export function providerFailureOf(error: unknown, options: { answerStarted?: boolean } = {}): ProviderFailure {
  for (const cause of causes(error)) {
    if (LoadAPIKeyError.isInstance(cause)) return providerFailures.bad_key;
    if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
      // A 200 whose body failed half-way: the stream was cut after the provider started answering.
      if (cause.statusCode >= 200 && cause.statusCode < 300) return providerFailures.interrupted;
      const failure = statusFailure(cause.statusCode);
      if (failure) return failure;
    }
    const name = nameOf(cause);
    const code = codeOf(cause);
    if (name === 'TimeoutError' || (typeof code === 'string' && NETWORK_CODES.has(code)))
      return options.answerStarted ? providerFailures.interrupted : providerFailures.unavailable;
  }
  return options.answerStarted ? providerFailures.interrupted : providerFailures.failed;
}
