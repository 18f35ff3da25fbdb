import type { TemplateFunctionItem, TemplateItem } from '../template-fields';

/** Seeded-looking templates and functions for the Templates screen's tests (AWSJSON as text). */
export const faqTemplate: TemplateItem = {
  id: 'tpl-faq',
  name: 'Store FAQ',
  description: 'Answers common questions from your FAQ page.',
  active: true,
  requiredVariables: JSON.stringify([{ name: 'FAQ_URL', description: 'The address of your FAQ page.', secret: false }]),
};

export const ordersTemplate: TemplateItem = {
  id: 'tpl-orders',
  name: 'Order status lookup',
  description: 'Tells customers where their order is.',
  active: true,
  requiredVariables: JSON.stringify([
    { name: 'SHOP_DOMAIN', description: 'Your shop’s address.', secret: false },
    { name: 'ORDERS_API_TOKEN', description: 'An admin API token with read access to orders.', secret: true },
  ]),
};

export const retiredTemplate: TemplateItem = {
  id: 'tpl-old',
  name: 'Retired template',
  description: null,
  active: false,
  requiredVariables: null,
};

const fn = (id: string, templateID: string, name: string, description: string, variables: string[]): TemplateFunctionItem => ({
  id,
  templateID,
  name,
  description,
  active: true,
  variables: JSON.stringify(variables),
  returnType: 'object',
  functionAssistantDefinition: JSON.stringify({ name, description, parameters: { type: 'object', properties: {} } }),
});

export const templateFunctions: Record<string, TemplateFunctionItem[]> = {
  'tpl-faq': [fn('fn-faq', 'tpl-faq', 'search_faq', 'Finds the FAQ answer for a question.', ['FAQ_URL'])],
  'tpl-orders': [
    fn('fn-status', 'tpl-orders', 'get_order_status', 'Looks up an order by number and e-mail.', ['SHOP_DOMAIN', 'ORDERS_API_TOKEN']),
    fn('fn-track', 'tpl-orders', 'get_tracking_link', 'Gives the carrier’s tracking link.', ['SHOP_DOMAIN']),
  ],
  'tpl-old': [],
};

/** The data client answer for templateFunctionsByTemplateID. */
export const templateFunctionsByTemplateID = ({ templateID }: Record<string, unknown>) => ({
  items: templateFunctions[templateID as string] ?? [],
  nextToken: null,
});

export const assistant = (id: string, assistantName: string) => ({ id, assistantName });
