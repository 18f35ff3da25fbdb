import { beforeEach, describe, expect, it } from 'vitest';
import { readLastAssistant, rememberLastAssistant } from './last-assistant';

describe('the assistant chatted with last', () => {
  beforeEach(() => localStorage.clear());

  it('is remembered per user, whatever the e-mail’s case', () => {
    expect(readLastAssistant('ann@shop.test')).toBeNull();
    rememberLastAssistant('ann@shop.test', 'assistant-1');
    rememberLastAssistant('bob@shop.test', 'assistant-2');
    expect(readLastAssistant('Ann@Shop.test')).toBe('assistant-1');
    expect(readLastAssistant('bob@shop.test')).toBe('assistant-2');
    rememberLastAssistant('ann@shop.test', 'assistant-3');
    expect(readLastAssistant('ann@shop.test')).toBe('assistant-3');
  });
});
