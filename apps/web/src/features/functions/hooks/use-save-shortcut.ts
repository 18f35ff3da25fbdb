import { useEffect, useEffectEvent } from 'react';

/** Ctrl+S (Cmd+S on a Mac) calls `onSave` instead of the browser saving the page. */
export function useSaveShortcut(onSave: () => void) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
    event.preventDefault();
    onSave();
  });
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
