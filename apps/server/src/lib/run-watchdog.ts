/**
 * Aborts `controller` once a run in a worker thread has gone `allowedMs` past its start, which the
 * worker writes to `startedAt[0]` (Date.now()) when it begins: time queued for a worker, or spent
 * loading one, is not counted. Returns a function that stops watching.
 */
export function watchRunTime(startedAt: Float64Array, allowedMs: number, controller: AbortController): () => void {
  let timer: NodeJS.Timeout;
  const check = () => {
    const start = startedAt[0] ?? 0;
    // Not started yet (queued, or the worker is still loading): look again soon.
    const left = start > 0 ? start + allowedMs - Date.now() : 250;
    if (left <= 0) controller.abort();
    else timer = setTimeout(check, Math.max(left, 25));
  };
  timer = setTimeout(check, allowedMs);
  return () => clearTimeout(timer);
}
