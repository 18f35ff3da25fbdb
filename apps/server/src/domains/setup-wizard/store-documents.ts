import { escapeHtml } from './escape-html';
import type { StoreArticle, StorePage } from './store-content';

export interface StoreDocument {
  fileName: string;
  html: string;
}

/**
 * Pages and blog articles as the knowledge store's documents: one HTML file each (ingestion parses
 * HTML by its headings), named by its handle, so a second run replaces the same files in place.
 */
export function storeDocuments(input: { pages: StorePage[]; articles: StoreArticle[] }): StoreDocument[] {
  const pages = input.pages.map((page) => ({
    fileName: `shopify-page-${page.handle}.html`,
    html: `<!doctype html><html><head><title>${escapeHtml(page.title)}</title></head><body><h1>${escapeHtml(page.title)}</h1>${page.body}</body></html>`,
  }));
  const articles = input.articles.map((article) => {
    const byline = article.author ? `<p>By ${escapeHtml(article.author)}</p>` : '';
    return {
      fileName: `shopify-article-${article.blogHandle}-${article.handle}.html`,
      html: `<!doctype html><html><head><title>${escapeHtml(article.title)}</title></head><body><h1>${escapeHtml(article.title)}</h1><p>${escapeHtml(article.blog)}</p>${byline}${article.body}</body></html>`,
    };
  });
  return [...pages, ...articles];
}
