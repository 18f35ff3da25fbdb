import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { widgetScriptPlugin } from './src/widget/build-widget-script.ts';

// The dev server proxies the API to the Fastify service (npm run dev starts both).
const api = process.env.AISLE_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // The storefront widget loader is built alongside as dist/widget.js (src/widget).
  plugins: [react(), tailwindcss(), widgetScriptPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/graphql': { target: api, ws: true },
      '/media': api,
      '/healthz': api,
      '/readyz': api,
    },
  },
  // The manifest lets the bundle-size benchmark follow the first screen's import graph.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
