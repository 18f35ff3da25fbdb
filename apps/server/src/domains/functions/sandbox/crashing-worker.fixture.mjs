// A stand-in worker for sandbox-pool.test.ts: dies or fails on request, answers otherwise.
export default async function (task) {
  if (task.code === 'exit') process.exit(1);
  if (task.code === 'throw') throw new Error('the worker failed');
  if (task.code === 'hang') {
    task.startedAt[0] = Date.now();
    for (;;);
  }
  return { ok: true, result: 'answered', logs: [], durationMs: 0 };
}
