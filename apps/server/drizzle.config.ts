import { defineConfig } from 'drizzle-kit';

// Generation only: migrations are applied in-process at boot (a PGlite data directory must never
// be opened by a second tool), so no credentials are needed here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
