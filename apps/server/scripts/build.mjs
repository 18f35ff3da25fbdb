// Bundles the server's own code (and the @aisle/* workspace packages) into dist/main.mjs for
// `npm start`, whatever the ROLE (main.ts hands a worker process over to worker.ts, bundled in).
// Installed dependencies stay external, loaded from node_modules as usual. Running the
// TypeScript sources through a loader would keep the loader and Node's TypeScript stripper (for the
// workspace packages) in memory: the bundle keeps the idle embedded server under its memory goal
// (bench/idle-memory.ts) and starts faster.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// Usage: node scripts/build.mjs [outdir]   (default: apps/server/dist; tests build elsewhere)
const dist = path.resolve(process.argv[2] ?? `${root}dist`);

rmSync(dist, { recursive: true, force: true });
await build({
  // The function sandbox's and the document parser's worker threads load their own entries, beside
  // main.mjs (sandbox-pool.ts, parse-in-worker.ts).
  entryPoints: {
    main: `${root}src/main.ts`,
    'function-sandbox-worker': `${root}src/domains/functions/sandbox/sandbox-worker.ts`,
    'document-parse-worker': `${root}src/domains/knowledge/parsing/parse-worker.ts`,
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  sourcemap: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@aisle/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
// Files the bundle reads at run time, beside it as they are beside src/db/database.ts.
cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
cpSync(`${root}src/db/init-pglite-data-dir.mjs`, `${dist}/init-pglite-data-dir.mjs`);
// The embedded database's thread (db/pglite-thread.ts loads it beside itself).
cpSync(`${root}src/db/pglite-worker.mjs`, `${dist}/pglite-worker.mjs`);
cpSync(`${root}src/db/pglite-statements.mjs`, `${dist}/pglite-statements.mjs`);
