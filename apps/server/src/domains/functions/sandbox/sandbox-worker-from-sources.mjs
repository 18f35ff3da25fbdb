// The worker entry when the server runs from its TypeScript sources (vitest, tsx, the benchmarks):
// worker threads do not inherit the parent's TypeScript loader, so tsx loads the real entry here.
// The production bundle has its own entry instead (scripts/build.mjs: dist/function-sandbox-worker.mjs).
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./sandbox-worker.ts', import.meta.url);

export default worker.default;
