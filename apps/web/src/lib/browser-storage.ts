/**
 * The browser's localStorage, or, where the browser refuses it, a memory stand-in for this page's
 * life. Inside the Shopify admin the app is a third-party frame: a browser that blocks third-party
 * storage throws on the mere read of `window.localStorage` ("Access is denied for this
 * document"). The embedded session then lives only in memory, which is all it needs: App Bridge
 * signs the merchant in again on every load.
 */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let resolved: Storage | undefined;

function storage(): Storage {
  if (!resolved) {
    try {
      resolved = window.localStorage;
      // Some browsers hand out the object and refuse its use.
      resolved.getItem('__aisle_probe__');
    } catch {
      resolved = memoryStorage();
    }
  }
  return resolved;
}

export const browserStorage: Storage = {
  get length() {
    return storage().length;
  },
  clear: () => storage().clear(),
  getItem: (key) => storage().getItem(key),
  key: (index) => storage().key(index),
  removeItem: (key) => storage().removeItem(key),
  setItem: (key, value) => storage().setItem(key, value),
};
