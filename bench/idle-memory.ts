import { rmSync } from 'node:fs';
import { startServer } from './server-process';

/**
 * Resident memory of an idle server on the embedded default, once start-up has settled: on the
 * very first boot (which also creates the database) and on a restart over the same data directory,
 * the steady state of a running install. Goal: under 250 MB.
 */
export async function idleMemory(settleMs = 5000) {
  const first = await startServer({ keepData: true });
  await new Promise((r) => setTimeout(r, settleMs));
  const firstBoot = first.rssBytes();
  await first.stop();
  const again = await startServer({ dataDir: first.dataDir, keepData: true });
  await new Promise((r) => setTimeout(r, settleMs));
  const restart = again.rssBytes();
  await again.stop();
  rmSync(first.dataDir, { recursive: true, force: true });
  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  return { firstBootRssMB: mb(firstBoot), idleRssMB: mb(restart), goalMB: 250 };
}
