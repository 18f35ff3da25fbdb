import { describe, expect, it } from 'vitest';
import { changesFromDraft, type FunctionDraft, readDefinitionText } from './function-draft';

const draft = (overrides: Partial<FunctionDraft> = {}): FunctionDraft => ({
  name: 'get_order',
  description: ' Finds an order. ',
  returnType: 'object',
  variables: ['SHOP_TOKEN'],
  code: 'export default async () => ({});',
  definitionText: '{"name": "get_order"}',
  ...overrides,
});

describe('the definition editor’s text', () => {
  it('reads empty text as no definition', () => {
    expect(readDefinitionText('  \n')).toEqual({ ok: true, value: null });
  });

  it('says when the text is not JSON, or not an object', () => {
    expect(readDefinitionText('{"name": ')).toMatchObject({ ok: false, message: expect.stringMatching(/^Not valid JSON: /) });
    expect(readDefinitionText('"name"')).toEqual({ ok: false, message: 'The tool definition must be a JSON object.' });
  });
});

describe('the changes a save sends', () => {
  it('are the draft, trimmed as the contract trims it, with the definition as an object', () => {
    expect(changesFromDraft(draft())).toEqual({
      ok: true,
      changes: {
        name: 'get_order',
        description: 'Finds an order.',
        returnType: 'object',
        variables: ['SHOP_TOKEN'],
        code: 'export default async () => ({});',
        functionAssistantDefinition: { name: 'get_order' },
      },
    });
  });

  it('are refused with the contract’s messages, per field', () => {
    const result = changesFromDraft(draft({ name: '', returnType: 'date', variables: ['OK', '1bad'], definitionText: '[' }));
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'This field may not be blank.',
        returnType: 'Choose one of: object, array, string, number, boolean.',
        variables: 'Item 2: Use letters, digits and underscores only, not starting with a digit.',
        functionAssistantDefinition: expect.stringMatching(/^Not valid JSON: /),
      },
    });
  });
});
