import type { ShopWidgetColors } from '@aisle/contracts/shopify';
import { fetchCatalog, getConnectionByShop, type ShopCatalog, type ShopConnection, updateConnection } from '../shopify';
import type { SetupWizardContext } from './setup-wizard-context';
import {
  fetchArticles,
  fetchPages,
  fetchShopProfile,
  fetchThemeColors,
  type ShopProfile,
  type StoreArticle,
  type StorePage,
} from './store-content';

/**
 * One attempt at a shop's wizard: what it has read from the store, each read once and kept for
 * the steps after it. A resumed run (after a crash) reads again what its remaining steps need;
 * reading is free of side effects, so that is always safe.
 */
export class WizardRun {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(
    readonly ctx: SetupWizardContext,
    readonly ownerEmail: string,
    readonly shopDomain: string,
    readonly signal?: AbortSignal,
  ) {}

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let found = this.cache.get(key) as Promise<T> | undefined;
    if (!found) {
      found = read();
      this.cache.set(key, found);
      // A failed read is not kept: the next use tries again.
      found.catch(() => this.cache.delete(key));
    }
    return found;
  }

  /** The connection as it is now (the steps record what they made on it). */
  async connection(): Promise<ShopConnection> {
    const row = await getConnectionByShop(this.ctx.db, this.shopDomain);
    if (!row || row.uninstalledAt || row.ownerEmail !== this.ownerEmail) throw new ShopGoneError();
    return row;
  }

  private async read() {
    return { ctx: this.ctx.shopify, connection: await this.connection(), signal: this.signal };
  }

  profile(): Promise<ShopProfile> {
    return this.once('profile', async () => {
      const profile = await fetchShopProfile(await this.read());
      const connection = await this.connection();
      // The store and the assistant are named after the shop.
      await updateConnection(this.ctx.db, connection.id, { shopName: profile.name, currency: profile.currency });
      return profile;
    });
  }

  pages = (): Promise<StorePage[]> => this.once('pages', async () => fetchPages(await this.read()));
  articles = (): Promise<StoreArticle[]> => this.once('articles', async () => fetchArticles(await this.read()));
  catalog = (): Promise<ShopCatalog> =>
    this.once('catalog', async () => fetchCatalog(this.ctx.shopify, await this.connection(), this.signal));
  colors = (): Promise<ShopWidgetColors> => this.once('colors', async () => (await fetchThemeColors(await this.read())).colors);
}

/** The shop was uninstalled or moved to another account while the wizard ran. */
export class ShopGoneError extends Error {
  constructor() {
    super('The Shopify store is no longer connected to this account.');
  }
}
