import { describe, expect, it } from 'vitest';
import { variableItem } from '@/testing/fake-variables-server';
import { checkVariableForm, formFromVariable } from './variable-form';

describe('the variable form', () => {
  it('never pre-fills a secret, but does a plain value', () => {
    expect(formFromVariable(variableItem('API_KEY', 'sk-very-secret-1234', true))).toEqual({ name: 'API_KEY', value: '', secret: true });
    expect(formFromVariable(variableItem('SHOP', 'demo.shop'))).toEqual({ name: 'SHOP', value: 'demo.shop', secret: false });
  });

  it('checks the name with the shared contract', () => {
    const result = checkVariableForm({ name: '1bad-name', value: 'x', secret: false }, null);
    expect(result).toEqual({ ok: false, errors: { name: 'Use letters, digits and underscores only, not starting with a digit.' } });
  });

  it('sends only what changed, and keeps a secret left empty', () => {
    const secret = variableItem('API_KEY', 'sk-very-secret-1234', true);
    expect(checkVariableForm({ name: 'API_KEY', value: '', secret: true }, secret)).toEqual({ ok: true, body: {} });
    expect(checkVariableForm({ name: 'API_KEY', value: 'new', secret: true }, secret)).toEqual({ ok: true, body: { value: 'new' } });
    expect(checkVariableForm({ name: 'API_KEY', value: '', secret: false }, secret)).toMatchObject({ ok: false });
    const plain = variableItem('SHOP', 'demo.shop');
    expect(checkVariableForm({ name: ' SHOP_URL ', value: 'demo.shop', secret: false }, plain)).toEqual({
      ok: true,
      body: { name: 'SHOP_URL' },
    });
  });
});
