import { fileURLToPath } from 'node:url';
// esbuild is in the install already (Vite's optional peer, the server's bundler; @aisle/server is a
// dev dependency of this app): one small bundle needs no second Vite build.
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));

/**
 * The storefront widget loader as one self-contained IIFE (no imports, no globals): what the
 * server serves at `/widget.js`. Type-only imports of the contract vanish; nothing else is
 * pulled in, which keeps it far under its 15 KB gzipped budget (build-widget-script.test.ts).
 */
export async function buildWidgetScript({ minify = true }: { minify?: boolean } = {}): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Storefront visitors bring old phones: nothing newer than ES2020 (Safari 14, Chrome 80).
    target: 'es2020',
    minify,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('the widget build produced no file');
  return output.text;
}

/**
 * Vite plugin: `vite build` emits `widget.js` at the root of the web build (next to index.html,
 * so the server's static files serve it at `/widget.js`), and the dev server answers
 * `/widget.js` with a fresh unminified build.
 */
export function widgetScriptPlugin(): Plugin {
  return {
    name: 'aisle-widget-script',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'widget.js', source: await buildWidgetScript() });
    },
    configureServer(server) {
      server.middlewares.use('/widget.js', (_request, response, next) => {
        buildWidgetScript({ minify: false }).then((code) => {
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.setHeader('cache-control', 'no-cache');
          response.end(code);
        }, next);
      });
    },
  };
}
