// Bundles the server, with its dependencies, into one minified dist/main.mjs for `npm start`: less
// code for V8 to keep around than the installed packages' sources, which keeps the idle embedded
// server under its memory goal (bench/idle-memory.ts), and a faster start.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// Usage: node scripts/build.mjs [outdir]   (default: apps/server/dist; tests build elsewhere)
const dist = path.resolve(process.argv[2] ?? `${root}dist`);

// Loaded from node_modules at run time: packages that read files beside their own code (WASM,
// native addons, static assets) or are only loaded when configured.
const external = [
  '@electric-sql/pglite',
  '@electric-sql/pglite-pgvector',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'pg',
  'pg-native',
  'ioredis',
  '@graphql-yoga/redis-event-target',
  'nodemailer',
  'bufferutil',
  'utf-8-validate',
];

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${dist}/main.mjs`,
  bundle: true,
  minify: true,
  sourcemap: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'warning',
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS dependencies call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __aisleCreateRequire } from 'node:module'; const require = __aisleCreateRequire(import.meta.url);",
  },
});
// Files the bundle reads at run time, beside it as they are beside src/db/database.ts.
cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
cpSync(`${root}src/db/init-pglite-data-dir.mjs`, `${dist}/init-pglite-data-dir.mjs`);
