import type { AdminApiContext, ShopConnection } from '../shopify';
import { adminGraphql, requireData } from '../shopify';
import {
  ARTICLES_QUERY,
  BLOGS_QUERY,
  CONTENT_PAGE_SIZE,
  MAIN_THEME_SETTINGS_QUERY,
  PAGES_QUERY,
  SHOP_PROFILE_QUERY,
} from './store-content-queries';
import { themeColors } from './theme-colors';

type Page<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

export interface ShopProfile {
  name: string;
  description: string | null;
  contactEmail: string;
  currency: string;
  url: string;
}

export interface StorePage {
  title: string;
  handle: string;
  body: string;
}

export interface StoreArticle {
  blog: string;
  blogHandle: string;
  title: string;
  handle: string;
  body: string;
  author: string | null;
  tags: string[];
}

type Read = { ctx: AdminApiContext; connection: ShopConnection; signal?: AbortSignal };

const call = async <T>(read: Read, query: string, variables: Record<string, unknown> = {}) =>
  requireData(await adminGraphql<T>(read.ctx, read.connection, { query, variables }, { signal: read.signal }));

/** Every page of a connection, `first` at a time. */
async function allPages<T>(fetchPage: (after: string | null) => Promise<Page<T> | null>): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  do {
    const page: Page<T> | null = await fetchPage(after);
    if (!page) break;
    all.push(...page.nodes);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return all;
}

export async function fetchShopProfile(read: Read): Promise<ShopProfile> {
  const { shop } = await call<{
    shop: {
      name: string;
      description: string | null;
      contactEmail: string;
      email: string;
      currencyCode: string;
      primaryDomain: { url: string };
    };
  }>(read, SHOP_PROFILE_QUERY);
  return {
    name: shop.name,
    description: shop.description,
    contactEmail: shop.contactEmail || shop.email,
    currency: shop.currencyCode,
    url: shop.primaryDomain.url,
  };
}

/** The shop's published pages (policies, about, FAQ…). */
export async function fetchPages(read: Read): Promise<StorePage[]> {
  type Node = StorePage & { isPublished: boolean };
  const nodes = await allPages<Node>(
    async (after) => (await call<{ pages: Page<Node> }>(read, PAGES_QUERY, { first: CONTENT_PAGE_SIZE, after })).pages,
  );
  return nodes.filter((page) => page.isPublished).map(({ title, handle, body }) => ({ title, handle, body }));
}

/** Every published article of every blog. */
export async function fetchArticles(read: Read): Promise<StoreArticle[]> {
  type BlogNode = { id: string; title: string; handle: string };
  type ArticleNode = {
    title: string;
    handle: string;
    body: string;
    summary: string | null;
    isPublished: boolean;
    tags: string[];
    author: { name: string } | null;
  };
  const blogs = await allPages<BlogNode>(
    async (after) => (await call<{ blogs: Page<BlogNode> }>(read, BLOGS_QUERY, { first: CONTENT_PAGE_SIZE, after })).blogs,
  );
  const articles: StoreArticle[] = [];
  for (const blog of blogs) {
    const nodes = await allPages<ArticleNode>(
      async (after) =>
        (
          await call<{ blog: { articles: Page<ArticleNode> } | null }>(read, ARTICLES_QUERY, {
            id: blog.id,
            first: CONTENT_PAGE_SIZE,
            after,
          })
        ).blog?.articles ?? null,
    );
    for (const node of nodes.filter((n) => n.isPublished)) {
      articles.push({
        blog: blog.title,
        blogHandle: blog.handle,
        title: node.title,
        handle: node.handle,
        body: node.body || node.summary || '',
        author: node.author?.name ?? null,
        tags: node.tags,
      });
    }
  }
  return articles;
}

/** The published (MAIN) theme's colours, from its config/settings_data.json. */
export async function fetchThemeColors(read: Read) {
  type FileBody = { content?: string; contentBase64?: string; url?: string };
  const data = await call<{
    themes: { nodes: { name: string; files: { nodes: { filename: string; body: FileBody }[] } | null }[] } | null;
  }>(read, MAIN_THEME_SETTINGS_QUERY);
  const theme = data.themes?.nodes[0];
  const body = theme?.files?.nodes[0]?.body;
  let text: string | null = null;
  if (body?.content !== undefined) text = body.content;
  else if (body?.contentBase64 !== undefined) text = Buffer.from(body.contentBase64, 'base64').toString('utf8');
  else if (body?.url) {
    // Large files come as a short-lived download link.
    const response = await fetch(body.url, { signal: read.signal });
    text = response.ok ? await response.text() : null;
  }
  return { theme: theme?.name ?? null, ...themeColors(text) };
}
