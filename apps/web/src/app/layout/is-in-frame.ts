/** True inside an iframe, e.g. the Shopify admin. A cross-origin parent makes `window.top` unreadable. */
export function isInFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
