import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
};

/**
 * Whether the page is dark, read from the `dark` class the theme provider sets on <html>: the
 * editors follow it without needing the provider around them (tests, future embeds).
 */
export const useDarkMode = () =>
  useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains('dark'),
    () => false,
  );
