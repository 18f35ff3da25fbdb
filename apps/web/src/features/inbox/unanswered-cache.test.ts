import { describe, expect, it } from 'vitest';
import type { UnansweredQuestion } from './api/unanswered-questions-api';
import { at } from './testing/inbox-fixtures';
import { withoutQuestion, withQuestion } from './unanswered-cache';

const question = (id: string, minute: number, answeredAt: string | null = null): UnansweredQuestion => ({
  id,
  assistantId: 'assistant-1',
  sharedThreadID: 't1',
  question: `Question ${id}?`,
  createdAt: at(minute),
  answeredAt,
});

const ids = (list: UnansweredQuestion[]) => list.map((item) => item.id);

describe('the unanswered questions as events change them', () => {
  it('keeps them newest first, each once, whatever order the events come in', () => {
    let list = [question('b', 20), question('a', 10)];
    list = withQuestion(list, question('c', 30));
    list = withQuestion(list, question('m', 15));
    list = withQuestion(list, question('m', 15));
    list = withQuestion(list, question('old', 5));
    expect(ids(list)).toEqual(['c', 'b', 'm', 'a', 'old']);
  });

  it('drops a question once it is answered, and never brings an answered one in', () => {
    const list = [question('b', 20), question('a', 10)];
    expect(ids(withQuestion(list, question('a', 10, at(25))))).toEqual(['b']);
    expect(ids(withQuestion(list, question('z', 30, at(31))))).toEqual(['b', 'a']);
    expect(ids(withoutQuestion(list, 'b'))).toEqual(['a']);
  });
});
