import type { Assistant } from '@aisle/contracts/assistants';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldErrorPaths } from '@/lib/api-error-text';
import { emptyForm, formErrorsFromServer, formFromAssistant, formToRequest, validateForm } from './assistant-form';
import { noLinks } from './link-kinds';
import { questionRow } from './suggested-questions';

const assistant: Assistant = {
  id: '00000000-0000-4000-8000-000000000001',
  ownerEmail: 'ann@shop.test',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  status: null,
  log: null,
  assistantName: 'Shop helper',
  tools: [],
  tool_resources: {},
  instructions: null,
  model: 'openai:gpt-4o-mini',
  temperature: null,
  topP: 0.9,
  inputTokens: 0,
  outputTokens: 0,
  isShared: false,
  storeRetrievalSettings: { passagesPerTurn: 4, minimumScore: 0.5 },
  isSafeGuardOn: true,
  pauseOnHandoff: true,
  safeGuardInstruction: 'No discounts.',
  useCase: null,
  assistantAvatarUrl: null,
  userAvatarUrl: 'https://cdn.test/u.png',
  assistantUserQA: [{ question: 'Sizes?', answer: 'S to XL.' }],
};

describe('the assistant form and the API body', () => {
  it('reads an assistant into the form, nulls as blanks and defaults', () => {
    const values = formFromAssistant(assistant, { ...noLinks(), store: ['s1'] }, 'local:extractive');
    expect(values).toMatchObject({
      assistantName: 'Shop helper',
      instructions: '',
      model: 'openai:gpt-4o-mini',
      temperature: 0.5,
      topP: 0.9,
      passagesPerTurn: 4,
      minimumScore: 0.5,
      isSafeGuardOn: true,
      pauseOnHandoff: true,
      useCase: '',
      assistantAvatarUrl: '',
      userAvatarUrl: 'https://cdn.test/u.png',
      links: { store: ['s1'], function: [], template: [] },
    });
    expect(values.questions.map(({ question, answer }) => ({ question, answer }))).toEqual([{ question: 'Sizes?', answer: 'S to XL.' }]);
  });

  it('reads the JSON fields as the data API sends them, as JSON text', () => {
    const values = formFromAssistant(
      { ...assistant, storeRetrievalSettings: '{"passagesPerTurn":3,"minimumScore":1}', assistantUserQA: '[{"question":"Hours?"}]' },
      noLinks(),
      'local:extractive',
    );
    expect([values.passagesPerTurn, values.minimumScore, values.questions[0]?.question]).toEqual([3, 1, 'Hours?']);
  });

  it('reads an assistant saved before the handoff setting existed as not pausing', () => {
    const { pauseOnHandoff: _, ...older } = assistant;
    expect(formFromAssistant(older, noLinks(), 'local:extractive').pauseOnHandoff).toBe(false);
  });

  it('falls back to the default retrieval settings when the stored ones are malformed', () => {
    const values = formFromAssistant({ ...assistant, storeRetrievalSettings: 'junk' }, noLinks(), 'local:extractive');
    expect([values.passagesPerTurn, values.minimumScore]).toEqual([6, 0]);
  });

  it('writes the request body the server takes, round-tripping an assistant', () => {
    const body = formToRequest(formFromAssistant(assistant, noLinks(), 'local:extractive'));
    expect(body).toEqual({
      assistantName: 'Shop helper',
      instructions: '',
      model: 'openai:gpt-4o-mini',
      temperature: 0.5,
      topP: 0.9,
      storeRetrievalSettings: { passagesPerTurn: 4, minimumScore: 0.5 },
      isSafeGuardOn: true,
      pauseOnHandoff: true,
      safeGuardInstruction: 'No discounts.',
      useCase: '',
      assistantAvatarUrl: '',
      userAvatarUrl: 'https://cdn.test/u.png',
      assistantUserQA: [{ question: 'Sizes?', answer: 'S to XL.' }],
      orderHelp: { status: true, returns: true, addressChange: true, resendConfirmation: true },
    });
  });

  it('reads the order help switches as REST and the data API send them, every action on when none are stored', () => {
    const allOn = { status: true, returns: true, addressChange: true, resendConfirmation: true };
    const read = (orderHelp: unknown) =>
      formFromAssistant({ ...assistant, orderHelp } as Assistant, noLinks(), 'local:extractive').orderHelp;
    expect(read(undefined)).toEqual(allOn);
    expect(read(null)).toEqual(allOn);
    expect(read('null')).toEqual(allOn);
    expect(read({ ...allOn, returns: false })).toEqual({ ...allOn, returns: false });
    expect(read(JSON.stringify({ ...allOn, addressChange: false }))).toEqual({ ...allOn, addressChange: false });
    expect(read('junk')).toEqual(allOn);
    const values = formFromAssistant({ ...assistant, orderHelp: { ...allOn, resendConfirmation: false } }, noLinks(), 'local:extractive');
    expect(formToRequest(values).orderHelp).toEqual({ ...allOn, resendConfirmation: false });
  });

  it('refuses a blank name and out-of-range numbers with the contract messages', () => {
    const result = validateForm({ ...emptyForm('local:extractive'), assistantName: '   ', temperature: 3, passagesPerTurn: 0 });
    expect(result).toEqual({
      ok: false,
      errors: {
        assistantName: 'This field may not be blank.',
        temperature: 'Ensure this value is less than or equal to 2.',
        passagesPerTurn: 'Ensure this value is greater than or equal to 1.',
      },
    });
  });

  it('puts a question error on the row typed in, counting past blank rows that are not sent', () => {
    const blank = questionRow();
    const answerOnly = questionRow('', 'An answer with no question');
    const values = { ...emptyForm('local:extractive'), assistantName: 'Helper', questions: [blank, answerOnly] };
    const result = validateForm(values);
    expect(result).toEqual({ ok: false, errors: { [`question:${answerOnly.key}`]: 'This field may not be blank.' } });
  });

  it('accepts a valid form and returns the parsed body', () => {
    const result = validateForm({ ...emptyForm('local:extractive'), assistantName: ' Helper ', questions: [questionRow('Hi?')] });
    expect(result.ok && result.body).toMatchObject({ assistantName: 'Helper', assistantUserQA: [{ question: 'Hi?' }] });
  });

  it('places the server field errors, nested ones included, on their inputs', () => {
    const row = questionRow('Q?');
    const values = { ...emptyForm('local:extractive'), assistantName: 'Helper', questions: [row] };
    const error = new ApiError(400, {
      model: ['"x:y" is not a valid choice.'],
      storeRetrievalSettings: { minimumScore: ['A valid number is required.'] },
      assistantUserQA: [{ answer: ['Ensure this field has no more than 4000 characters.'] }],
    });
    expect(formErrorsFromServer(fieldErrorPaths(error), values)).toEqual({
      model: '"x:y" is not a valid choice.',
      minimumScore: 'A valid number is required.',
      [`answer:${row.key}`]: 'Ensure this field has no more than 4000 characters.',
    });
  });
});
