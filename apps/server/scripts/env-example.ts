// `npm run env:example`: rewrites .env.example at the repository root from the configuration
// schema (src/env-example.ts). With --check it only says whether the file is current (exit 1 if not).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderEnvExample } from '../src/env-example';

const target = fileURLToPath(new URL('../../../.env.example', import.meta.url));
const wanted = renderEnvExample();
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== wanted) {
    console.error('.env.example is out of date: run `npm run env:example`');
    process.exit(1);
  }
  console.log('.env.example is current');
} else {
  writeFileSync(target, wanted);
  console.log(`wrote ${target}`);
}
