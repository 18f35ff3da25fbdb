import type { z } from 'zod';
import { envSchema } from './env';

/**
 * `.env.example`, written from the configuration schema itself (env.ts): every variable the
 * server reads, what it does and its default, so the example can never fall behind the code.
 * `npm run env:example` rewrites the file; a test fails when the checked-in one is stale.
 */
const HEADER = [
  '# Aisle: every setting the server reads, what it does, and its default.',
  '# Copy this file to .env (docker compose reads it) or export the variables; a line left',
  '# commented keeps the default. Nothing is required: without any, `npm start` runs the',
  '# embedded default (PGlite, files under DATA_DIR, the built-in model).',
  '#',
  '# Generated from apps/server/src/env.ts by `npm run env:example`; do not edit by hand.',
];

const WIDTH = 100;

interface SettingMeta {
  description?: string;
  /** What an unset variable means, for settings whose schema has no default value. */
  unset?: string;
}

export function renderEnvExample(): string {
  const blocks = Object.entries(envSchema.shape).map(([name, schema]) => {
    const meta = (schema.meta() ?? {}) as SettingMeta;
    if (!meta.description) throw new Error(`${name} has no description in env.ts`);
    const fallback = defaultOf(schema);
    const lines = wrap(meta.description).map((line) => `# ${line}`);
    lines.push(fallback === undefined ? `# Unset: ${unsetText(meta.unset)}` : `# Default: ${fallback === '' ? '(empty)' : fallback}`);
    lines.push(`# ${name}=${fallback ?? ''}`);
    return lines.join('\n');
  });
  return `${[HEADER.join('\n'), ...blocks].join('\n\n')}\n`;
}

/** The value an unset variable gets, as it would be written in the file; undefined when it has none. */
function defaultOf(schema: z.ZodType): string | undefined {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return undefined;
  const value = parsed.data;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** "unset (embedded PGlite)" in the README's words reads "embedded PGlite" after "Unset:". */
function unsetText(text = 'unset'): string {
  if (text === 'unset') return 'nothing';
  return /^unset \((.*)\)$/.exec(text)?.[1] ?? text;
}

/** Words wrapped to WIDTH columns (a long URL stays whole on its own line). */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > WIDTH - 2) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
