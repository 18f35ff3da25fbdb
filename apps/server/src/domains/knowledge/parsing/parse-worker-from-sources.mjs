// The parse worker's entry when the server runs from its TypeScript sources (vitest, tsx, the
// benchmarks' in-process runs): worker threads do not inherit the parent's TypeScript loader, so
// tsx loads the real entry here. The production bundle has its own entry instead
// (scripts/build.mjs: dist/document-parse-worker.mjs).
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./parse-worker.ts', import.meta.url);

export default worker.default;
