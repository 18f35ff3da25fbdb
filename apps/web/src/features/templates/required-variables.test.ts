import { describe, expect, it } from 'vitest';
import { variableItem } from '@/testing/fake-variables-server';
import { customTemplateRequiredVariables, missingVariables, requiredVariableStatuses } from './required-variables';
import { requiredVariablesOf, type TemplateItem, variableNamesOf } from './template-fields';

const template = (id: string, requiredVariables: unknown): TemplateItem => ({
  id,
  name: id,
  description: null,
  active: true,
  requiredVariables,
});

describe('required variables', () => {
  it('reads AWSJSON text and skips malformed entries', () => {
    const raw = JSON.stringify([
      { name: 'SHOP_DOMAIN', description: 'Your shop address' },
      { name: '1bad' },
      { name: 'API_KEY', description: 'Key', secret: true },
    ]);
    expect(requiredVariablesOf(template('t', raw))).toEqual([
      { name: 'SHOP_DOMAIN', description: 'Your shop address', secret: false },
      { name: 'API_KEY', description: 'Key', secret: true },
    ]);
    expect(requiredVariablesOf(template('t', 'not json'))).toEqual([]);
    expect(variableNamesOf({ variables: '["SHOP_DOMAIN","API_KEY"]' })).toEqual(['SHOP_DOMAIN', 'API_KEY']);
  });

  it('marks each as set when the owner has a variable of that name', () => {
    const required = requiredVariablesOf(
      template('t', [
        { name: 'SHOP_DOMAIN', description: '' },
        { name: 'API_KEY', description: '', secret: true },
      ]),
    );
    const variables = [variableItem('SHOP_DOMAIN', 'demo.shop')];
    expect(requiredVariableStatuses(required, variables).map(({ name, isSet }) => [name, isSet])).toEqual([
      ['SHOP_DOMAIN', true],
      ['API_KEY', false],
    ]);
    expect(missingVariables(required, variables).map((entry) => entry.name)).toEqual(['API_KEY']);
  });

  it('gives a custom template only the variables its chosen functions read, each once', () => {
    const orders = template('orders', [
      { name: 'SHOP_DOMAIN', description: 'Shop' },
      { name: 'ORDERS_TOKEN', description: 'Token', secret: true },
    ]);
    const faq = template('faq', [
      { name: 'SHOP_DOMAIN', description: 'Shop' },
      { name: 'FAQ_URL', description: 'FAQ page' },
    ]);
    const chosen = [
      { templateID: 'orders', variables: '["SHOP_DOMAIN"]' },
      { templateID: 'faq', variables: ['SHOP_DOMAIN', 'FAQ_URL'] },
    ];
    expect(customTemplateRequiredVariables(chosen, [orders, faq]).map((entry) => entry.name)).toEqual(['SHOP_DOMAIN', 'FAQ_URL']);
    expect(customTemplateRequiredVariables([], [orders, faq])).toEqual([]);
  });
});
