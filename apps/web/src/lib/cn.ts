import { type ClassValue, clsx } from 'clsx';

let merge: (classes: string) => string = (classes) => classes;

/**
 * Lets later Tailwind utilities win over earlier ones (tailwind-merge, installed by the data layer
 * that every screen past sign-in loads: app/data-layer.tsx). The sign-in screen, the first screen
 * most people download, renders before it with plain joining: its classes never conflict
 * (auth-screen.test.tsx checks), so tailwind-merge's 7 KB stay out of the first download.
 */
export function installClassMerge(merger: (classes: string) => string) {
  merge = merger;
}

/** Joins class names and lets later Tailwind utilities win over earlier ones (shadcn/ui's `cn`). */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
