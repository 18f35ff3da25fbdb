import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose work the current code is doing: the signed-in account, or a visitor's address, or the
 * server itself (jobs). Set once per request (and per job run) and followed through every await,
 * so shared resources (the embedded database's queue) can take turns between accounts, and every
 * log line written on the way names the request it belongs to, without each call passing it on.
 */
export interface RequestScope {
  account: string;
  /** The request's id (its `X-Request-Id`), also carried by the jobs it queued: their lines share it. */
  requestId?: string;
  /** The job being run, when the work is a job's. */
  job?: { name: string; id: string };
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (and everything it starts) on behalf of `account`, as part of a request or a job run. */
export function runInScope<T>(account: string, work: () => T, context: Omit<RequestScope, 'account'> = {}): T {
  return storage.run({ account, ...context }, work);
}

/** Once the caller is known (after authentication), their work counts as theirs. */
export function identifyScope(account: string) {
  const scope = storage.getStore();
  if (scope) scope.account = account;
}

/** Who the current work is for; `server` outside any request (jobs, start-up). */
export function currentAccount(): string {
  return storage.getStore()?.account ?? 'server';
}

/** The id of the request the current work belongs to (directly, or through the jobs it queued). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * What every log line written inside a scope adds (process-lifecycle.ts's logger mixin): the
 * request's id as `reqId`, the key Fastify's own request lines use, and the job's name and id.
 * `hasRequestId`: the logger already binds `reqId` (Fastify's request logger), so it is not repeated.
 */
export function scopeLogFields(hasRequestId: boolean): Record<string, string> {
  const scope = storage.getStore();
  if (!scope) return {};
  const fields: Record<string, string> = {};
  if (scope.requestId && !hasRequestId) fields.reqId = scope.requestId;
  if (scope.job) {
    fields.job = scope.job.name;
    fields.jobId = scope.job.id;
  }
  return fields;
}
