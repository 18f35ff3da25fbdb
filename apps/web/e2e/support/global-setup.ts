import { buildBundle } from '@aisle/server/testing/server-bundle';
import type { TestProject } from 'vitest/node';
import { buildWebApp } from './web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app's production build for this run (startAppServer serves it). */
    aisleWebDist: string;
    /** The server's production bundle for this run. */
    aisleServerBundle: string;
  }
}

/** The e2e project's global setup: one web build and one server bundle for the whole run. */
export default function setup(project: TestProject) {
  const web = buildWebApp();
  const bundle = buildBundle();
  project.provide('aisleWebDist', web.dir);
  project.provide('aisleServerBundle', bundle.dir);
  return () => {
    web.remove();
    bundle.remove();
  };
}
