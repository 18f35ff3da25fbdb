// Applies the saved or system theme before the first paint, so a dark-mode user never sees a
// white flash (src/components/theme/theme-provider.tsx keeps it in sync afterwards).
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    // A third-party frame (the Shopify admin) in a browser that blocks its storage: the system theme.
  }
  const dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
