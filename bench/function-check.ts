import { analyzeFunctionCode } from '../apps/server/src/domains/functions/analysis';
import { hundredKilobyteModule } from '../apps/server/src/testing/function-modules';
import { percentile } from './server-process';

/**
 * The rules check an owner waits for when saving a function (acorn parse and walk), on a 100 KB
 * module: CPU time per check after a few warm-up runs (the goal is well under 50 ms).
 */
export async function functionCheck() {
  const code = hundredKilobyteModule();
  const cpuMs: number[] = [];
  for (let run = 0; run < 53; run++) {
    const started = process.cpuUsage();
    const result = analyzeFunctionCode(code);
    const used = process.cpuUsage(started);
    if (result.problem !== null || result.thirdPartyServices.length !== 7) throw new Error('the module was not accepted');
    if (run >= 3) cpuMs.push((used.user + used.system) / 1000);
  }
  const sorted = [...cpuMs].sort((a, b) => a - b);
  return {
    moduleKilobytes: Math.round(code.length / 1024),
    checks: cpuMs.length,
    cpuMs: { best: sorted[0], p50: percentile(sorted, 50), p95: percentile(sorted, 95) },
    goalMs: 50,
  };
}
