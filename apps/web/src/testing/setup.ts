// Unit tests (jsdom): jest-dom's matchers on `expect`, browser APIs jsdom lacks, and a clean
// document and storage after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { twMerge } from 'tailwind-merge';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { startTestI18n } from '@/i18n/test-i18n';
import { installClassMerge } from '@/lib/cn';

await startTestI18n();
// Screens render past sign-in with tailwind-merge installed (app/data-layer.tsx).
installClassMerge(twMerge);

// jsdom has no matchMedia (the mobile hook, next-themes, sonner) nor ResizeObserver (Radix).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
});
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
});
