/**
 * The Admin GraphQL queries the setup wizard reads a store with (fields as Shopify's Admin schema
 * has them; the fake store validates them against testing/fake-shopify/admin-schema.ts).
 */
export const CONTENT_PAGE_SIZE = 50;

export const SHOP_PROFILE_QUERY = /* GraphQL */ `
  query WizardShop {
    shop { name description contactEmail email currencyCode primaryDomain { url } }
  }
`;

export const PAGES_QUERY = /* GraphQL */ `
  query WizardPages($first: Int!, $after: String) {
    pages(first: $first, after: $after) {
      nodes { id title handle body isPublished }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

export const BLOGS_QUERY = /* GraphQL */ `
  query WizardBlogs($first: Int!, $after: String) {
    blogs(first: $first, after: $after) {
      nodes { id title handle }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

export const ARTICLES_QUERY = /* GraphQL */ `
  query WizardArticles($id: ID!, $first: Int!, $after: String) {
    blog(id: $id) {
      articles(first: $first, after: $after) {
        nodes { id title handle body summary isPublished tags author { name } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`;

/** The published theme's settings_data.json (colour schemes, or the legacy colour settings). */
export const MAIN_THEME_SETTINGS_QUERY = /* GraphQL */ `
  query WizardThemeSettings {
    themes(first: 1, roles: [MAIN]) {
      nodes {
        id
        name
        files(filenames: ["config/settings_data.json"], first: 1) {
          nodes {
            filename
            body {
              ... on OnlineStoreThemeFileBodyText { content }
              ... on OnlineStoreThemeFileBodyBase64 { contentBase64 }
              ... on OnlineStoreThemeFileBodyUrl { url }
            }
          }
        }
      }
    }
  }
`;
