import type { LoggerOptions } from 'pino';
import { urlForLog } from './url-for-log';

/**
 * What the logs may hold of an error or a request: enough to find the fault, never the data that
 * caused it. A failed query's error carries its SQL and every parameter in its message (a 1 MB
 * value made a 4 MB log line), so messages are cut, parameters dropped, and stacks kept to their
 * frames.
 */
const MESSAGE_MAX = 300;
const STACK_FRAMES = 12;
const CAUSE_DEPTH = 3;
/** Fields of Postgres and HTTP errors that say what went wrong without carrying the input. */
const KEPT_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'statusCode', 'errno', 'syscall'] as const;

export function clip(text: string, max = MESSAGE_MAX): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** Drizzle's "Failed query: <sql>\nparams: <values>": the parameters never reach the log. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, '\nparams: (not logged)');

/**
 * Postgres quotes the offending value in its messages (`invalid input syntax for type integer:
 * "…"`) and its details (`Key (email)=(…) already exists.`): for database errors, values are left out.
 */
const withoutValues = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/=\((?:[^()]|\([^()]*\))*\)/g, '=(…)');
const isDatabaseError = (error: Record<string, unknown>) => typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

export function errorForLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: clip(String(error)) };
  const fromDatabase = isDatabaseError(error as unknown as Record<string, unknown>);
  const message = clip(fromDatabase ? withoutValues(error.message) : withoutParams(error.message));
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, STACK_FRAMES);
  const logged: Record<string, unknown> = { type: error.name, message, stack: [`${error.name}: ${message}`, ...frames].join('\n') };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of KEPT_FIELDS) if (fields[key] !== undefined) logged[key] = fields[key];
  if (typeof fields.detail === 'string') logged.detail = clip(fromDatabase ? withoutValues(fields.detail) : fields.detail);
  if (error.cause !== undefined && depth < CAUSE_DEPTH) logged.cause = errorForLog(error.cause, depth + 1);
  return logged;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  id?: unknown;
  ip?: string;
  /** Fastify's matched route (`/api/accounts/confirm-email/:key/`): its capability parameters are left out of the path. */
  routeOptions?: { url?: string };
}

/**
 * Requests as logged: method, the URL without capability values (lib/url-for-log.ts: a log reader
 * must not be able to open a signed link) clipped (query strings can carry anything), and the
 * caller's address.
 */
export function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : clip(urlForLog(request.url, request.routeOptions?.url), 200),
    id: request.id,
    remoteAddress: request.ip,
  };
}

export const logSerializers: LoggerOptions['serializers'] = { err: errorForLog, error: errorForLog, req: requestForLog };
