import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/web, whatever the caller's working directory. */
export const webDir = fileURLToPath(new URL('../..', import.meta.url));

export interface WebBuild {
  /** The build folder: index.html, assets/ and the manifest at .vite/manifest.json. */
  dir: string;
  remove(): void;
}

const buildsDir = path.join(webDir, 'dist-e2e');

/**
 * `vite build` of the web app (apps/web/vite.config.ts, so with its manifest) into its own folder
 * under apps/web/dist-e2e (git-ignored), so concurrent runs and `npm start`'s apps/web/dist never
 * share one. Runs Vite in a child process: a failed build fails loudly with Vite's own output.
 */
export function buildWebApp(outDir = path.join(buildsDir, randomUUID())): WebBuild {
  const vitePackage = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
  const vite = path.join(path.dirname(vitePackage), 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webDir,
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    // Vite's warnings to stderr, so a benchmark's JSON on stdout stays clean.
    stdio: ['ignore', 2, 2],
  });
  return {
    dir: outDir,
    remove: () => {
      rmSync(outDir, { recursive: true, force: true });
      // dist-e2e itself too, once no other run is using it.
      try {
        if (path.dirname(outDir) === buildsDir) rmdirSync(buildsDir);
      } catch {}
    },
  };
}
