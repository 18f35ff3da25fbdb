import type { UnansweredQuestion } from './api/unanswered-questions-api';

/**
 * The unanswered-questions list as events change it (pure functions over the cached list): newest
 * first, each question once, and a question gone from it once answered (from this screen, another
 * tab or another device).
 */
export function withQuestion(list: readonly UnansweredQuestion[], question: UnansweredQuestion): UnansweredQuestion[] {
  const others = list.filter((item) => item.id !== question.id);
  if (question.answeredAt) return others;
  const index = others.findIndex((item) => item.createdAt < question.createdAt);
  if (index === -1) return [...others, question];
  return [...others.slice(0, index), question, ...others.slice(index)];
}

export const withoutQuestion = (list: readonly UnansweredQuestion[], id: string): UnansweredQuestion[] =>
  list.filter((item) => item.id !== id);
