import type { RequiredVariable } from '@aisle/contracts/functions';

/**
 * The templates every store owner finds on /templates: each a small set of template functions
 * (sandboxed code, like merchants' own) with the variables the owner fills in before adding it.
 * Ids are fixed so seeding is idempotent across boots and instances.
 */
export interface SeededFunction {
  id: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  variables: string[];
  returnType: 'object';
  code: string;
}

export interface SeededTemplate {
  id: string;
  name: string;
  description: string;
  requiredVariables: RequiredVariable[];
  functions: SeededFunction[];
}

export const STORE_FAQ_TEMPLATE_ID = '9390b35d-d157-40be-916d-39297f428f0d';
export const PRODUCT_FINDER_TEMPLATE_ID = 'cbcadae7-45c1-496e-a844-4b6806e2338f';
export const ORDER_STATUS_TEMPLATE_ID = '7219762d-5a27-4da4-9860-5c01687c1d5b';
export const POLICIES_TEMPLATE_ID = '366f51b0-dfa4-4d42-875b-c18f6c151f0e';
export const LEAD_CAPTURE_TEMPLATE_ID = '89bbe7b5-912b-48b4-bc05-4361dd2084d3';

const supportEmail: RequiredVariable = {
  name: 'SUPPORT_EMAIL',
  description: 'Where shoppers can write when the assistant cannot help, e.g. help@yourshop.com.',
  secret: false,
};

export const seededTemplates: SeededTemplate[] = [
  {
    id: STORE_FAQ_TEMPLATE_ID,
    name: 'Store FAQ',
    description:
      'Answers shoppers’ questions from your store pages, blogs and files, and points them to your support address when the answer is not there.',
    requiredVariables: [supportEmail],
    functions: [
      {
        id: 'd5ad2d43-c4a1-43e3-abe4-0b80db4d7b58',
        name: 'answer_store_question',
        description:
          'Looks up the answer to a shopper’s question about the store (opening hours, payment, sizing, care, contact) in the store’s own pages and files.',
        parameters: {
          type: 'object',
          properties: { question: { type: 'string', description: 'The shopper’s question, in their words', minLength: 2, maxLength: 500 } },
          required: ['question'],
          additionalProperties: false,
        },
        variables: ['SUPPORT_EMAIL'],
        returnType: 'object',
        code: `export default async function answerStoreQuestion({ question }, variables) {
  const passages = await aisle.searchKnowledge({ query: question, limit: 4 });
  if (passages.length === 0) {
    return { found: false, contact: variables.SUPPORT_EMAIL, note: 'Nothing in the store pages answers this; offer the support address.' };
  }
  return { found: true, passages: passages.map(({ text, source }) => ({ text, source })), contact: variables.SUPPORT_EMAIL };
}
`,
      },
    ],
  },
  {
    id: PRODUCT_FINDER_TEMPLATE_ID,
    name: 'Product finder',
    description:
      'Finds products that match what a shopper describes, from the product pages in your knowledge stores, with a link to see more in your shop.',
    requiredVariables: [
      {
        name: 'STORE_URL',
        description: 'Your storefront address, e.g. https://yourshop.com (links to search results are built from it).',
        secret: false,
      },
    ],
    functions: [
      {
        id: '215bbd13-89a8-4f19-a840-4817cc2d2a50',
        name: 'find_products',
        description: 'Finds products matching a shopper’s description (type, colour, size, use, budget) in the store’s product pages.',
        parameters: {
          type: 'object',
          properties: {
            description: { type: 'string', description: 'What the shopper is looking for', minLength: 2, maxLength: 300 },
            maxResults: { type: 'integer', minimum: 1, maximum: 8, default: 4 },
          },
          required: ['description'],
          additionalProperties: false,
        },
        variables: ['STORE_URL'],
        returnType: 'object',
        code: `export default async function findProducts({ description, maxResults = 4 }, variables) {
  const passages = await aisle.searchKnowledge({ query: description, limit: maxResults });
  const base = String(variables.STORE_URL).replace(/\\/+$/, '');
  return {
    matches: passages.map(({ text, source, heading }) => ({ product: heading ?? source, details: text, source })),
    moreResults: base + '/search?q=' + encodeURIComponent(description),
  };
}
`,
      },
    ],
  },
  {
    id: ORDER_STATUS_TEMPLATE_ID,
    name: 'Order status lookup',
    description:
      'Tells shoppers where their order is (payment, fulfilment, tracking) from your connected Shopify store, after checking the order’s email address.',
    requiredVariables: [supportEmail],
    functions: [
      {
        id: 'f35f14ad-1df5-4c23-933e-85ad8f00f716',
        name: 'get_order_status',
        description:
          'Looks up an order’s status and tracking by its order number and the email address it was placed with. Ask the shopper for both.',
        parameters: {
          type: 'object',
          properties: {
            orderNumber: { type: 'string', description: 'The order number, e.g. #1001', pattern: '^#?[A-Za-z0-9-]{1,20}$' },
            email: { type: 'string', format: 'email', description: 'The email address the order was placed with' },
          },
          required: ['orderNumber', 'email'],
          additionalProperties: false,
        },
        variables: ['SUPPORT_EMAIL'],
        returnType: 'object',
        code: `const ORDER_QUERY = \`query OrderStatus($search: String!) {
  orders(first: 1, query: $search) {
    edges { node {
      name email createdAt cancelledAt displayFinancialStatus displayFulfillmentStatus
      fulfillments(first: 5) { status trackingInfo(first: 3) { company number url } }
    } }
  }
}\`;

export default async function getOrderStatus({ orderNumber, email }, variables) {
  const name = '#' + String(orderNumber).replace(/^#/, '');
  const answer = await aisle.shopifyAdmin({ query: ORDER_QUERY, variables: { search: 'name:' + name } });
  if (answer.errors) throw new Error('Shopify could not look up the order right now.');
  const order = answer.data?.orders?.edges?.[0]?.node;
  // The same answer for a wrong email as for no order: order details only reach the person who placed it.
  if (!order || String(order.email ?? '').toLowerCase() !== String(email).toLowerCase()) {
    return { found: false, note: 'No order matches that number and email address.', contact: variables.SUPPORT_EMAIL };
  }
  return {
    found: true,
    order: order.name,
    placedAt: order.createdAt,
    cancelled: Boolean(order.cancelledAt),
    payment: order.displayFinancialStatus,
    fulfillment: order.displayFulfillmentStatus,
    tracking: (order.fulfillments ?? []).flatMap((f) => (f.trackingInfo ?? []).map((t) => ({ carrier: t.company, number: t.number, url: t.url }))),
  };
}
`,
      },
    ],
  },
  {
    id: POLICIES_TEMPLATE_ID,
    name: 'Shipping and returns policy',
    description: 'Answers questions about delivery times, shipping costs, returns and refunds with your own policy, word for word.',
    requiredVariables: [
      { name: 'SHIPPING_POLICY', description: 'Your shipping policy: where you ship, costs, delivery times.', secret: false },
      {
        name: 'RETURNS_POLICY',
        description: 'Your returns and refunds policy: time limit, condition, how to start a return.',
        secret: false,
      },
    ],
    functions: [
      {
        id: '3f136076-b9c3-46fe-be93-dc626cb076b9',
        name: 'get_shipping_and_returns_policy',
        description:
          'Gives the store’s shipping policy, returns policy, or both, to answer questions about delivery, shipping costs, returns and refunds.',
        parameters: {
          type: 'object',
          properties: {
            topic: { type: 'string', enum: ['shipping', 'returns', 'both'], description: 'Which policy the shopper asks about' },
          },
          required: ['topic'],
          additionalProperties: false,
        },
        variables: ['SHIPPING_POLICY', 'RETURNS_POLICY'],
        returnType: 'object',
        code: `export default async function getShippingAndReturnsPolicy({ topic }, variables) {
  const policy = {};
  if (topic !== 'returns') policy.shipping = variables.SHIPPING_POLICY;
  if (topic !== 'shipping') policy.returns = variables.RETURNS_POLICY;
  return { policy };
}
`,
      },
    ],
  },
  {
    id: LEAD_CAPTURE_TEMPLATE_ID,
    name: 'Lead capture',
    description:
      'Saves a shopper’s name, email or phone and what they need to the conversation, so your team can follow up from the inbox.',
    requiredVariables: [
      {
        name: 'LEAD_FOLLOW_UP',
        description: 'What the assistant tells a shopper after saving their contact, e.g. “Thanks! We reply within one business day.”',
        secret: false,
      },
    ],
    functions: [
      {
        id: 'de79654e-a008-494d-a656-53d2863bcfd0',
        name: 'save_contact',
        description:
          'Saves the shopper’s contact details and request so the store’s team can follow up. Use it when the shopper wants to be contacted, asks for a quote, or the assistant cannot help. Ask for an email address or a phone number first.',
        parameters: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 200 },
            email: { type: 'string', format: 'email' },
            phone: { type: 'string', pattern: '^\\\\+?[0-9 ()./-]{6,25}$' },
            note: { type: 'string', description: 'What the shopper needs', maxLength: 1000 },
          },
          anyOf: [{ required: ['email'] }, { required: ['phone'] }],
          additionalProperties: false,
        },
        variables: ['LEAD_FOLLOW_UP'],
        returnType: 'object',
        code: `export default async function saveContact(contact, variables) {
  const { saved, reason } = await aisle.saveContact(contact);
  return saved ? { saved: true, tellTheShopper: variables.LEAD_FOLLOW_UP } : { saved: false, reason };
}
`,
      },
    ],
  },
];
