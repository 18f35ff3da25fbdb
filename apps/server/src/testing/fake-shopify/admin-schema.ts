import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * Shopify's CountryCode enum: the ISO 3166-1 alpha-2 regions (read from ICU's region names, so
 * the list is not typed out here) and ZZ for an unknown region.
 */
const COUNTRY_CODES = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      // Groupings and private-use codes, not countries.
      if (['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'].includes(code)) continue;
      if (names.of(code)) codes.push(code);
    }
  }
  return [...codes, 'ZZ'];
})();

/**
 * A real subset of Shopify's Admin GraphQL schema (2026-10): the types, fields, arguments and
 * nullability of Shopify's reference (shopify.dev/docs/api/admin-graphql) for what Aisle reads or
 * writes: the shop, products with variants and their connections, pages, blogs with articles, the
 * online-store themes and their files (settings_data.json), app-data metafields on the current app
 * installation, orders for lookups with their line items, shipping address, fulfilments (tracking,
 * delivery) and returns, the order-help mutations (orderUpdate, orderInvoiceSend, returnRequest with
 * returnableFulfillments), the default return policy profile's rules, and the app's own billing (app subscriptions and one-time
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
"https://shopify.dev/docs/api/admin-graphql/latest/enums/FulfillmentDisplayStatus"
enum FulfillmentDisplayStatus { ATTEMPTED_DELIVERY CANCELED CARRIER_PICKED_UP CONFIRMED DELAYED DELIVERED FAILURE FULFILLED IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED LABEL_VOIDED MARKED_AS_FULFILLED NOT_DELIVERED OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP SUBMITTED }
enum FulfillmentStatus { CANCELLED ERROR FAILURE OPEN PENDING SUCCESS }
enum OrderSortKeys { CREATED_AT CUSTOMER_NAME FINANCIAL_STATUS FULFILLMENT_STATUS ID ORDER_NUMBER PROCESSED_AT RELEVANCE TOTAL_PRICE UPDATED_AT }
"https://shopify.dev/docs/api/admin-graphql/latest/enums/OrderReturnStatus"
enum OrderReturnStatus { INSPECTION_COMPLETE IN_PROGRESS NO_RETURN RETURNED RETURN_FAILED RETURN_REQUESTED }

"ISO 3166-1 alpha-2 codes, with Shopify's additions (ZZ: unknown region)."
enum CountryCode { ${COUNTRY_CODES.join(' ')} }

type FulfillmentTrackingInfo {
  company: String
  number: String
  url: URL
}

type LineItem implements Node {
  id: ID!
  name: String!
  quantity: Int!
  sku: String
  title: String!
}

type LineItemEdge {
  cursor: String!
  node: LineItem!
}

type LineItemConnection {
  edges: [LineItemEdge!]!
  nodes: [LineItem!]!
  pageInfo: PageInfo!
}

type FulfillmentLineItem implements Node {
  id: ID!
  lineItem: LineItem!
  quantity: Int
}

type FulfillmentLineItemEdge {
  cursor: String!
  node: FulfillmentLineItem!
}

type FulfillmentLineItemConnection {
  edges: [FulfillmentLineItemEdge!]!
  nodes: [FulfillmentLineItem!]!
  pageInfo: PageInfo!
}

type Fulfillment implements Node {
  createdAt: DateTime!
  deliveredAt: DateTime
  displayStatus: FulfillmentDisplayStatus
  estimatedDeliveryAt: DateTime
  fulfillmentLineItems(after: String, before: String, first: Int, last: Int, reverse: Boolean = false): FulfillmentLineItemConnection!
  id: ID!
  inTransitAt: DateTime
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

"https://shopify.dev/docs/api/admin-graphql/latest/objects/MailingAddress"
type MailingAddress implements Node {
  address1: String
  address2: String
  city: String
  company: String
  country: String
  countryCodeV2: CountryCode
  firstName: String
  id: ID!
  lastName: String
  name: String
  phone: String
  province: String
  provinceCode: String
  zip: String
}

type Order implements Node {
  cancelledAt: DateTime
  createdAt: DateTime!
  currencyCode: CurrencyCode!
  customAttributes: [Attribute!]!
  customerLocale: String
  displayFinancialStatus: OrderDisplayFinancialStatus
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  email: String
  fulfillments(first: Int): [Fulfillment!]!
  id: ID!
  legacyResourceId: UnsignedInt64!
  lineItems(after: String, before: String, first: Int, last: Int, reverse: Boolean = false): LineItemConnection!
  name: String!
  note: String
  phone: String
  returnStatus: OrderReturnStatus!
  shippingAddress: MailingAddress
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

"https://shopify.dev/docs/api/admin-graphql/latest/input-objects/MailingAddressInput (country and province are deprecated there, kept for names)"
input MailingAddressInput {
  address1: String
  address2: String
  city: String
  company: String
  country: String
  countryCode: CountryCode
  firstName: String
  lastName: String
  phone: String
  province: String
  provinceCode: String
  zip: String
}

"https://shopify.dev/docs/api/admin-graphql/latest/input-objects/OrderInput"
input OrderInput {
  email: String
  id: ID!
  note: String
  shippingAddress: MailingAddressInput
  tags: [String!]
}

"https://shopify.dev/docs/api/admin-graphql/latest/payloads/OrderUpdatePayload"
type OrderUpdatePayload {
  order: Order
  userErrors: [UserError!]!
}

"https://shopify.dev/docs/api/admin-graphql/latest/input-objects/EmailInput"
input EmailInput {
  bcc: [String!]
  body: String
  customMessage: String
  from: String
  subject: String
  to: String
}

enum OrderInvoiceSendUserErrorCode { ORDER_INVOICE_SEND_UNSUCCESSFUL }

type OrderInvoiceSendUserError {
  code: OrderInvoiceSendUserErrorCode
  field: [String!]
  message: String!
}

"https://shopify.dev/docs/api/admin-graphql/latest/payloads/OrderInvoiceSendPayload"
type OrderInvoiceSendPayload {
  order: Order
  userErrors: [OrderInvoiceSendUserError!]!
}

"https://shopify.dev/docs/api/admin-graphql/latest/enums/ReturnStatus"
enum ReturnStatus { CANCELED CLOSED DECLINED OPEN REQUESTED }

"https://shopify.dev/docs/api/admin-graphql/2026-07/enums/ReturnErrorCode"
enum ReturnErrorCode { ALREADY_EXISTS BLANK CREATION_FAILED EQUAL_TO FEATURE_NOT_ENABLED GREATER_THAN GREATER_THAN_OR_EQUAL_TO INCLUSION INTERNAL_ERROR INVALID INVALID_STATE LESS_THAN LESS_THAN_OR_EQUAL_TO MISSING_PERMISSION NOT_A_NUMBER NOT_EDITABLE NOT_FOUND NOTIFICATION_FAILED PRESENT TAKEN TOO_BIG TOO_LONG TOO_MANY_ARGUMENTS TOO_SHORT WRONG_LENGTH }

type ReturnUserError {
  code: ReturnErrorCode
  field: [String!]
  message: String!
}

type Return implements Node {
  id: ID!
  name: String!
  order: Order!
  status: ReturnStatus!
  totalQuantity: Int!
}

"https://shopify.dev/docs/api/admin-graphql/2026-07/input-objects/ReturnRequestLineItemInput (restockingFee and the deprecated returnReason left out)"
input ReturnRequestLineItemInput {
  customerNote: String
  fulfillmentLineItemId: ID!
  quantity: Int!
  returnReasonDefinitionId: ID
}

"https://shopify.dev/docs/api/admin-graphql/latest/input-objects/ReturnRequestInput (returnShippingFee left out)"
input ReturnRequestInput {
  orderId: ID!
  returnLineItems: [ReturnRequestLineItemInput!]!
}

"https://shopify.dev/docs/api/admin-graphql/latest/payloads/ReturnRequestPayload"
type ReturnRequestPayload {
  return: Return
  userErrors: [ReturnUserError!]!
}

type ReturnableFulfillmentLineItem {
  fulfillmentLineItem: FulfillmentLineItem!
  quantity: Int!
}

type ReturnableFulfillmentLineItemEdge {
  cursor: String!
  node: ReturnableFulfillmentLineItem!
}

type ReturnableFulfillmentLineItemConnection {
  edges: [ReturnableFulfillmentLineItemEdge!]!
  nodes: [ReturnableFulfillmentLineItem!]!
  pageInfo: PageInfo!
}

"https://shopify.dev/docs/api/admin-graphql/latest/objects/ReturnableFulfillment (read_orders and read_returns)"
type ReturnableFulfillment implements Node {
  fulfillment: Fulfillment!
  id: ID!
  returnableFulfillmentLineItems(after: String, before: String, first: Int, last: Int, reverse: Boolean = false): ReturnableFulfillmentLineItemConnection!
}

type ReturnableFulfillmentEdge {
  cursor: String!
  node: ReturnableFulfillment!
}

type ReturnableFulfillmentConnection {
  edges: [ReturnableFulfillmentEdge!]!
  nodes: [ReturnableFulfillment!]!
  pageInfo: PageInfo!
}

"https://shopify.dev/docs/api/admin-graphql/unstable/enums/ReturnPoliciesReturnWindowStartingFrom"
enum ReturnPoliciesReturnWindowStartingFrom { ITEM_DELIVERY_DATE LAST_ITEM_DELIVERY_DATE }

"https://shopify.dev/docs/api/admin-graphql/unstable/objects/ReturnPoliciesReturnRules (2026-10, read_legal_policies)"
type ReturnPoliciesReturnRules {
  canAcceptReturns: Boolean!
  extendWindowToBusinessDay: Boolean
  returnWindowDays: Int
  returnWindowStartingFrom: ReturnPoliciesReturnWindowStartingFrom
}

"https://shopify.dev/docs/api/admin-graphql/2026-10/queries/returnPolicyProfile (markets and editRules left out)"
type ReturnPolicyProfile implements Node {
  default: Boolean!
  id: ID!
  name: String
  returnRules: ReturnPoliciesReturnRules
  updatedAt: DateTime
}

type ReturnPolicyProfileEdge {
  cursor: String!
  node: ReturnPolicyProfile!
}

type ReturnPolicyProfileConnection {
  edges: [ReturnPolicyProfileEdge!]!
  nodes: [ReturnPolicyProfile!]!
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
  returnPolicyProfiles(after: String, before: String, default: Boolean, first: Int, last: Int, reverse: Boolean = false): ReturnPolicyProfileConnection!
  returnableFulfillments(after: String, before: String, first: Int, last: Int, orderId: ID!, reverse: Boolean = false): ReturnableFulfillmentConnection!
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
  "Requires write_orders. https://shopify.dev/docs/api/admin-graphql/latest/mutations/orderInvoiceSend"
  orderInvoiceSend(email: EmailInput, id: ID!): OrderInvoiceSendPayload
  "Requires write_orders. https://shopify.dev/docs/api/admin-graphql/latest/mutations/orderUpdate"
  orderUpdate(input: OrderInput!): OrderUpdatePayload
  "Requires write_returns. https://shopify.dev/docs/api/admin-graphql/latest/mutations/returnRequest"
  returnRequest(input: ReturnRequestInput!): ReturnRequestPayload
}
`;

let built: GraphQLSchema | undefined;

export function adminSchema(): GraphQLSchema {
  built ??= buildSchema(ADMIN_SDL);
  return built;
}
