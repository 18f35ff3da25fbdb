import { describe, expect, it } from 'vitest';
import { askForArguments, chooseTool } from './local-tools';

const tool = (name: string, description: string, inputSchema: Record<string, unknown>) => ({
  type: 'function',
  name,
  description,
  inputSchema,
});

const orderStatus = tool(
  'get_order_status',
  'Looks up an order’s status and tracking by its order number and the email address it was placed with.',
  {
    type: 'object',
    properties: {
      orderNumber: { type: 'string', description: 'The order number, e.g. #1001', pattern: '^#?[A-Za-z0-9-]{1,20}$' },
      email: { type: 'string', format: 'email', description: 'The email address the order was placed with' },
    },
    required: ['orderNumber', 'email'],
  },
);
const policy = tool('get_shipping_and_returns_policy', 'Gives the store’s shipping policy, returns policy, or both.', {
  type: 'object',
  properties: { topic: { type: 'string', enum: ['shipping', 'returns', 'both'] } },
  required: ['topic'],
});
const faq = tool('answer_store_question', 'Looks up the answer to a shopper’s question about the store in its pages.', {
  type: 'object',
  properties: { question: { type: 'string' } },
  required: ['question'],
});
const tools = [orderStatus, policy, faq];

describe('the local model’s function calls', () => {
  it('calls the function a question is plainly about, with arguments read from the question', () => {
    expect(chooseTool('Where is my order #1001? I ordered with ann@example.com', tools)).toEqual({
      kind: 'call',
      toolName: 'get_order_status',
      input: { orderNumber: '#1001', email: 'ann@example.com' },
    });
    expect(chooseTool('What is your returns policy?', tools)).toEqual({
      kind: 'call',
      toolName: 'get_shipping_and_returns_policy',
      input: { topic: 'returns' },
    });
  });

  it('asks for what the function needs when the question lacks it', () => {
    const choice = chooseTool('What is the status of my order?', tools);
    expect(choice).toEqual({ kind: 'ask', toolName: 'get_order_status', missing: ['order number', 'email address'] });
    expect(askForArguments(['order number', 'email address'])).toBe(
      'I can look that up. Please tell me the order number and email address.',
    );
  });

  it('calls nothing when no function shares enough words with the question', () => {
    expect(chooseTool('Do you sell gift cards?', tools)).toBeNull();
    expect(chooseTool('hello there', [])).toBeNull();
    expect(chooseTool('Where is my order #1001?', undefined)).toBeNull();
  });
});
