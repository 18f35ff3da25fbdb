// Creates a new PGlite data directory (initdb) in a short-lived process of its own. initdb needs
// several hundred MB of WASM memory that V8 does not give back afterwards; doing it here keeps the
// long-running server at its idle size from the very first boot (see bench/idle-memory.ts).
// Usage: node init-pglite-data-dir.mjs <dataDir>
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: init-pglite-data-dir.mjs <dataDir>');
  process.exit(2);
}
const db = await PGlite.create({ dataDir, extensions: { vector } });
await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
await db.close();
