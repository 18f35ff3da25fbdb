import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

/** The budget of the one script every storefront page loads. */
const GZIP_BUDGET_BYTES = 15 * 1024;

let code = '';

beforeAll(() => {
  // esbuild refuses to run inside jsdom (its TextEncoder check), so the real build runs in a child
  // Node process (Node strips the types of build-widget-script.ts itself).
  const builder = path.join(import.meta.dirname, 'build-widget-script.ts');
  code = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { buildWidgetScript } = await import(${JSON.stringify(builder)}); process.stdout.write(await buildWidgetScript());`,
    ],
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
}, 30_000);

/** Runs the bundle as a classic script of this page would (a fresh function scope, like the IIFE). */
const include = () => new Function(code)();

describe('widget.js as built', () => {
  it(`stays under ${GZIP_BUDGET_BYTES / 1024} KB gzipped`, () => {
    const size = gzipSync(code, { level: 9 }).length;
    expect(size).toBeLessThan(GZIP_BUDGET_BYTES);
    // One self-contained IIFE: no module syntax, nothing imported at run time.
    expect(code).toMatch(/^("use strict";)?\(\(\)=>\{/);
    expect(code).not.toMatch(/\bimport\s*\(|\brequire\(/);
  });

  it('adds no globals and mounts once when included twice', () => {
    const script = document.createElement('script');
    script.src = 'https://aisle.example/widget.js?token=share-token-1';
    document.head.appendChild(script);
    const globalsBefore = new Set(Object.getOwnPropertyNames(globalThis));
    const windowBefore = new Set(Object.getOwnPropertyNames(window));

    include();
    include();

    expect(Object.getOwnPropertyNames(globalThis).filter((name) => !globalsBefore.has(name))).toEqual([]);
    expect(Object.getOwnPropertyNames(window).filter((name) => !windowBefore.has(name))).toEqual([]);
    const hosts = document.querySelectorAll('[data-aisle-widget]');
    expect(hosts).toHaveLength(1);
    expect(hosts[0]?.tagName).toBe('AISLE-CHAT-WIDGET');
    // Closed shadow root: the host page's scripts cannot reach inside either.
    expect((hosts[0] as HTMLElement).shadowRoot).toBeNull();
    expect((hosts[0] as HTMLElement).style.getPropertyPriority('all')).toBe('important');
  });
});
