import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * A real subset of Shopify's Admin GraphQL schema (2026-10): the types, fields, arguments and
 * nullability of Shopify's reference (shopify.dev/docs/api/admin-graphql) for what Aisle reads or
 * writes: the shop, products with variants and their connections, pages, blogs with articles, the
 * online-store themes and their files (settings_data.json), app-data metafields on the current app
 * installation, orders for lookups, and the app's own billing (app subscriptions and one-time
 * purchases: the create mutations and the installation's activeSubscriptions / oneTimePurchases). The fake store validates every query against it, so a
 * field Shopify does not have (or an argument it does not take) fails here as it would there.
 * Fields outside this subset are left out, not invented.
 */
export const ADMIN_SDL = /* GraphQL */ `
schema {
  query: QueryRoot
  mutation: Mutation
}

"An ISO-8601 date and time."
scalar DateTime
"A monetary value as a decimal string, e.g. 29.99."
scalar Money
"A signed decimal number serialized as a string."
scalar Decimal
"An RFC 3986 and RFC 3987 compliant URI string."
scalar URL
"An HTML string."
scalar HTML
"An unsigned 64-bit integer serialized as a string."
scalar UnsignedInt64

interface Node {
  id: ID!
}

type PageInfo {
  endCursor: String
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
}

enum CurrencyCode { AUD BRL CAD CHF CNY DKK EUR GBP HKD INR JPY KRW MXN NOK NZD PLN SEK SGD THB USD }

type Domain implements Node {
  host: String!
  id: ID!
  url: URL!
}

type Shop implements Node {
  contactEmail: String!
  currencyCode: CurrencyCode!
  description: String
  email: String!
  id: ID!
  myshopifyDomain: String!
  name: String!
  primaryDomain: Domain!
  url: URL!
}

enum ProductStatus { ACTIVE ARCHIVED DRAFT }
enum ProductSortKeys { CREATED_AT ID INVENTORY_TOTAL PRODUCT_TYPE PUBLISHED_AT RELEVANCE TITLE UPDATED_AT VENDOR }
enum ProductVariantSortKeys { FULL_TITLE ID INVENTORY_LEVELS_AVAILABLE INVENTORY_MANAGEMENT INVENTORY_POLICY INVENTORY_QUANTITY NAME POPULAR POSITION RELEVANCE SKU TITLE }
enum WeightUnit { GRAMS KILOGRAMS OUNCES POUNDS }
enum MediaContentType { EXTERNAL_VIDEO IMAGE MODEL_3D VIDEO }
enum MediaStatus { FAILED PROCESSING READY UPLOADED }

type Image {
  altText: String
  height: Int
  id: ID
  url: URL!
  width: Int
}

type MediaPreviewImage {
  image: Image
  status: MediaPreviewImageStatus!
}

enum MediaPreviewImageStatus { FAILED PROCESSING READY UPLOADED }

interface Media {
  alt: String
  id: ID!
  mediaContentType: MediaContentType!
  preview: MediaPreviewImage
  status: MediaStatus!
}

type MediaImage implements Media & Node {
  alt: String
  id: ID!
  image: Image
  mediaContentType: MediaContentType!
  preview: MediaPreviewImage
  status: MediaStatus!
}

type ProductOptionValue implements Node {
  hasVariants: Boolean!
  id: ID!
  name: String!
}

type ProductOption implements Node {
  id: ID!
  name: String!
  optionValues: [ProductOptionValue!]!
  position: Int!
  values: [String!]!
}

type SelectedOption {
  name: String!
  value: String!
}

type Weight {
  unit: WeightUnit!
  value: Float!
}

type InventoryItemMeasurement implements Node {
  id: ID!
  weight: Weight
}

type InventoryItem implements Node {
  id: ID!
  measurement: InventoryItemMeasurement!
  sku: String
  tracked: Boolean!
}

type ProductVariant implements Node {
  availableForSale: Boolean!
  barcode: String
  compareAtPrice: Money
  createdAt: DateTime!
  displayName: String!
  id: ID!
  image: Image
  inventoryItem: InventoryItem!
  inventoryQuantity: Int
  legacyResourceId: UnsignedInt64!
  position: Int!
  price: Money!
  product: Product!
  selectedOptions: [SelectedOption!]!
  sku: String
  title: String!
  updatedAt: DateTime!
}

type ProductVariantEdge {
  cursor: String!
  node: ProductVariant!
}

type ProductVariantConnection {
  edges: [ProductVariantEdge!]!
  nodes: [ProductVariant!]!
  pageInfo: PageInfo!
}

type MoneyV2 {
  amount: Decimal!
  currencyCode: CurrencyCode!
}

type ProductPriceRangeV2 {
  maxVariantPrice: MoneyV2!
  minVariantPrice: MoneyV2!
}

type Product implements Node {
  createdAt: DateTime!
  description(truncateAt: Int): String!
  descriptionHtml: HTML!
  featuredMedia: Media
  handle: String!
  id: ID!
  legacyResourceId: UnsignedInt64!
  onlineStorePreviewUrl: URL
  onlineStoreUrl: URL
  options(first: Int): [ProductOption!]!
  priceRangeV2: ProductPriceRangeV2!
  productType: String!
  publishedAt: DateTime
  status: ProductStatus!
  tags: [String!]!
  title: String!
  totalInventory: Int!
  tracksInventory: Boolean!
  updatedAt: DateTime!
  variants(after: String, before: String, first: Int, last: Int, reverse: Boolean = false, sortKey: ProductVariantSortKeys = POSITION): ProductVariantConnection!
  variantsCount: Count
  vendor: String!
}

type Count {
  count: Int!
  precision: CountPrecision!
}

enum CountPrecision { AT_LEAST EXACT }

type ProductEdge {
  cursor: String!
  node: Product!
}

type ProductConnection {
  edges: [ProductEdge!]!
  nodes: [Product!]!
  pageInfo: PageInfo!
}

type Page implements Node {
  body: HTML!
  bodySummary: String!
  createdAt: DateTime!
  handle: String!
  id: ID!
  isPublished: Boolean!
  publishedAt: DateTime
  templateSuffix: String
  title: String!
  updatedAt: DateTime!
}

type PageEdge {
  cursor: String!
  node: Page!
}

type PageConnection {
  edges: [PageEdge!]!
  nodes: [Page!]!
  pageInfo: PageInfo!
}

type ArticleAuthor {
  name: String!
}

type Article implements Node {
  author: ArticleAuthor
  blog: Blog!
  body: HTML!
  createdAt: DateTime
  handle: String!
  id: ID!
  image: Image
  isPublished: Boolean!
  publishedAt: DateTime
  summary: HTML
  tags: [String!]!
  title: String!
  updatedAt: DateTime
}

type ArticleEdge {
  cursor: String!
  node: Article!
}

type ArticleConnection {
  edges: [ArticleEdge!]!
  nodes: [Article!]!
  pageInfo: PageInfo!
}

type Blog implements Node {
  articles(after: String, before: String, first: Int, last: Int, query: String, reverse: Boolean = false): ArticleConnection!
  createdAt: DateTime!
  handle: String!
  id: ID!
  tags: [String!]!
  title: String!
  updatedAt: DateTime
}

type BlogEdge {
  cursor: String!
  node: Blog!
}

type BlogConnection {
  edges: [BlogEdge!]!
  nodes: [Blog!]!
  pageInfo: PageInfo!
}

enum ThemeRole { ARCHIVED DEMO DEVELOPMENT LOCKED MAIN UNPUBLISHED }

type OnlineStoreThemeFileBodyText {
  content: String!
}

type OnlineStoreThemeFileBodyBase64 {
  contentBase64: String!
}

type OnlineStoreThemeFileBodyUrl {
  url: URL!
}

union OnlineStoreThemeFileBody = OnlineStoreThemeFileBodyBase64 | OnlineStoreThemeFileBodyText | OnlineStoreThemeFileBodyUrl

type OnlineStoreThemeFile {
  body: OnlineStoreThemeFileBody!
  checksumMd5: String
  contentType: String!
  createdAt: DateTime!
  filename: String!
  size: UnsignedInt64!
  updatedAt: DateTime!
}

type OnlineStoreThemeFileEdge {
  cursor: String!
  node: OnlineStoreThemeFile!
}

enum OnlineStoreThemeFileResultType { BAD_REQUEST ERROR NOT_FOUND SUCCESS TIMEOUT UNPROCESSABLE_ENTITY }

type OnlineStoreThemeFileReadResult {
  code: OnlineStoreThemeFileResultType!
  filename: String!
}

type OnlineStoreThemeFileConnection {
  edges: [OnlineStoreThemeFileEdge!]!
  nodes: [OnlineStoreThemeFile!]!
  pageInfo: PageInfo!
  userErrors: [OnlineStoreThemeFileReadResult!]!
}

type OnlineStoreTheme implements Node {
  createdAt: DateTime!
  files(after: String, filenames: [String!], first: Int = 50): OnlineStoreThemeFileConnection
  id: ID!
  name: String!
  prefix: String!
  processing: Boolean!
  processingFailed: Boolean!
  role: ThemeRole!
  themeStoreId: Int
  updatedAt: DateTime!
}

type OnlineStoreThemeEdge {
  cursor: String!
  node: OnlineStoreTheme!
}

type OnlineStoreThemeConnection {
  edges: [OnlineStoreThemeEdge!]!
  nodes: [OnlineStoreTheme!]!
  pageInfo: PageInfo!
}

type AccessScope {
  description: String!
  handle: String!
}

type Metafield implements Node {
  compareDigest: String!
  createdAt: DateTime!
  id: ID!
  key: String!
  namespace: String!
  type: String!
  updatedAt: DateTime!
  value: String!
}

type MetafieldEdge {
  cursor: String!
  node: Metafield!
}

type MetafieldConnection {
  edges: [MetafieldEdge!]!
  nodes: [Metafield!]!
  pageInfo: PageInfo!
}

input MoneyInput {
  amount: Decimal!
  currencyCode: CurrencyCode!
}

enum AppSubscriptionStatus { ACCEPTED ACTIVE CANCELLED DECLINED EXPIRED FROZEN PENDING }
enum AppPurchaseStatus { ACCEPTED ACTIVE DECLINED EXPIRED PENDING }
enum AppPricingInterval { ANNUAL EVERY_30_DAYS }
enum AppSubscriptionReplacementBehavior { APPLY_IMMEDIATELY APPLY_ON_NEXT_BILLING_CYCLE STANDARD }
enum AppTransactionSortKeys { CREATED_AT ID }

type AppSubscription implements Node {
  createdAt: DateTime!
  currentPeriodEnd: DateTime
  id: ID!
  name: String!
  returnUrl: URL!
  status: AppSubscriptionStatus!
  test: Boolean!
  trialDays: Int!
}

type AppPurchaseOneTime implements Node {
  createdAt: DateTime!
  id: ID!
  name: String!
  price: MoneyV2!
  status: AppPurchaseStatus!
  test: Boolean!
}

type AppPurchaseOneTimeEdge {
  cursor: String!
  node: AppPurchaseOneTime!
}

type AppPurchaseOneTimeConnection {
  edges: [AppPurchaseOneTimeEdge!]!
  nodes: [AppPurchaseOneTime!]!
  pageInfo: PageInfo!
}

input AppRecurringPricingInput {
  interval: AppPricingInterval = EVERY_30_DAYS
  planHandle: String
  price: MoneyInput!
}

input AppPlanInput {
  appRecurringPricingDetails: AppRecurringPricingInput
}

input AppSubscriptionLineItemInput {
  plan: AppPlanInput!
}

type UserError {
  field: [String!]
  message: String!
}

type AppSubscriptionCreatePayload {
  appSubscription: AppSubscription
  confirmationUrl: URL
  userErrors: [UserError!]!
}

type AppPurchaseOneTimeCreatePayload {
  appPurchaseOneTime: AppPurchaseOneTime
  confirmationUrl: URL
  userErrors: [UserError!]!
}

type AppInstallation implements Node {
  accessScopes: [AccessScope!]!
  activeSubscriptions: [AppSubscription!]!
  id: ID!
  launchUrl: URL!
  metafield(key: String!, namespace: String): Metafield
  metafields(after: String, first: Int, keys: [String!], namespace: String): MetafieldConnection!
  oneTimePurchases(after: String, before: String, first: Int, last: Int, reverse: Boolean = false, sortKey: AppTransactionSortKeys = CREATED_AT): AppPurchaseOneTimeConnection!
}

input MetafieldsSetInput {
  compareDigest: String
  key: String!
  namespace: String
  ownerId: ID!
  type: String
  value: String!
}

enum MetafieldsSetUserErrorCode { APP_NOT_AUTHORIZED BLANK INCLUSION INVALID INVALID_TYPE INVALID_VALUE LESS_THAN_OR_EQUAL_TO PRESENT STALE_OBJECT TAKEN TOO_LONG TOO_SHORT }

type MetafieldsSetUserError {
  code: MetafieldsSetUserErrorCode
  elementIndex: Int
  field: [String!]
  message: String!
}

type MetafieldsSetPayload {
  metafields: [Metafield!]
  userErrors: [MetafieldsSetUserError!]!
}

enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
enum OrderDisplayFulfillmentStatus { FULFILLED IN_PROGRESS ON_HOLD OPEN PARTIALLY_FULFILLED PENDING_FULFILLMENT REQUEST_DECLINED RESTOCKED SCHEDULED UNFULFILLED }
enum FulfillmentDisplayStatus { ATTEMPTED_DELIVERY CANCELED CONFIRMED DELIVERED FAILURE FULFILLED IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED LABEL_VOIDED MARKED_AS_FULFILLED NOT_DELIVERED OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP SUBMITTED }
enum FulfillmentStatus { CANCELLED ERROR FAILURE OPEN PENDING SUCCESS }
enum OrderSortKeys { CREATED_AT CUSTOMER_NAME FINANCIAL_STATUS FULFILLMENT_STATUS ID ORDER_NUMBER PROCESSED_AT RELEVANCE TOTAL_PRICE UPDATED_AT }

type FulfillmentTrackingInfo {
  company: String
  number: String
  url: URL
}

type Fulfillment implements Node {
  createdAt: DateTime!
  displayStatus: FulfillmentDisplayStatus
  id: ID!
  status: FulfillmentStatus!
  trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
}

type MoneyBag {
  presentmentMoney: MoneyV2!
  shopMoney: MoneyV2!
}

type Attribute {
  key: String!
  value: String
}

type Order implements Node {
  cancelledAt: DateTime
  createdAt: DateTime!
  currencyCode: CurrencyCode!
  customAttributes: [Attribute!]!
  displayFinancialStatus: OrderDisplayFinancialStatus
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  email: String
  fulfillments(first: Int): [Fulfillment!]!
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  note: String
  totalPriceSet: MoneyBag!
  updatedAt: DateTime!
}

type OrderEdge {
  cursor: String!
  node: Order!
}

type OrderConnection {
  edges: [OrderEdge!]!
  nodes: [Order!]!
  pageInfo: PageInfo!
}

type QueryRoot {
  article(id: ID!): Article
  blog(id: ID!): Blog
  blogs(after: String, before: String, first: Int, last: Int, query: String, reverse: Boolean = false): BlogConnection!
  currentAppInstallation: AppInstallation!
  node(id: ID!): Node
  order(id: ID!): Order
  orders(after: String, before: String, first: Int, last: Int, query: String, reverse: Boolean = false, sortKey: OrderSortKeys = PROCESSED_AT): OrderConnection!
  page(id: ID!): Page
  pages(after: String, before: String, first: Int, last: Int, query: String, reverse: Boolean = false): PageConnection!
  product(id: ID!): Product
  productByHandle(handle: String!): Product
  products(after: String, before: String, first: Int, last: Int, query: String, reverse: Boolean = false, sortKey: ProductSortKeys = ID): ProductConnection!
  shop: Shop!
  theme(id: ID!): OnlineStoreTheme
  themes(after: String, before: String, first: Int, last: Int, names: [String!], reverse: Boolean = false, roles: [ThemeRole!]): OnlineStoreThemeConnection
}

type Mutation {
  appPurchaseOneTimeCreate(name: String!, price: MoneyInput!, returnUrl: URL!, test: Boolean = false): AppPurchaseOneTimeCreatePayload
  appSubscriptionCreate(
    lineItems: [AppSubscriptionLineItemInput!]!
    name: String!
    replacementBehavior: AppSubscriptionReplacementBehavior = STANDARD
    returnUrl: URL!
    test: Boolean
    trialDays: Int
  ): AppSubscriptionCreatePayload
  metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
}
`;

let built: GraphQLSchema | undefined;

export function adminSchema(): GraphQLSchema {
  built ??= buildSchema(ADMIN_SDL);
  return built;
}
