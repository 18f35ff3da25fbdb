import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose work the current code is doing: the signed-in account, or a visitor's address, or the
 * server itself (jobs). Set once per request and followed through every await, so shared resources
 * (the embedded database's queue) can take turns between accounts without each call passing it on.
 */
export interface RequestScope {
  account: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (and everything it starts) on behalf of `account`. */
export function runInScope<T>(account: string, work: () => T): T {
  return storage.run({ account }, work);
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
