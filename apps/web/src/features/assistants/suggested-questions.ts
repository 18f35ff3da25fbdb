import { SUGGESTED_QUESTIONS_MAX } from '@aisle/contracts/assistants';

/** One editable row of the suggested-questions editor; `key` keeps React rows stable while editing. */
export interface QuestionRow {
  key: string;
  question: string;
  answer: string;
}

let lastKey = 0;
const nextKey = () => `q${++lastKey}`;

export const questionRow = (question = '', answer = ''): QuestionRow => ({ key: nextKey(), question, answer });

/** Adds an empty row at the end; at the contract's limit (20) the rows stay as they are. */
export function addQuestion(rows: readonly QuestionRow[]): QuestionRow[] {
  return rows.length >= SUGGESTED_QUESTIONS_MAX ? [...rows] : [...rows, questionRow()];
}

export function removeQuestion(rows: readonly QuestionRow[], key: string): QuestionRow[] {
  return rows.filter((row) => row.key !== key);
}

export function updateQuestion(rows: readonly QuestionRow[], key: string, patch: Partial<Omit<QuestionRow, 'key'>>): QuestionRow[] {
  return rows.map((row) => (row.key === key ? { ...row, ...patch } : row));
}

/** Moves a row one place up (-1) or down (+1); the order is the order visitors see. */
export function moveQuestion(rows: readonly QuestionRow[], key: string, by: -1 | 1): QuestionRow[] {
  const from = rows.findIndex((row) => row.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  if (row) next.splice(to, 0, row);
  return next;
}

/** Reads stored suggested questions (`assistantUserQA`, untyped JSON) into rows, skipping junk. */
export function rowsFromStored(stored: unknown): QuestionRow[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { question, answer } = item as { question?: unknown; answer?: unknown };
    return typeof question === 'string' ? [questionRow(question, typeof answer === 'string' ? answer : '')] : [];
  });
}

/**
 * Rows as the API takes them: rows left wholly blank are dropped (an "Add" clicked by mistake);
 * a blank example answer is left out rather than sent empty.
 */
export function rowsToRequest(rows: readonly QuestionRow[]): { question: string; answer?: string }[] {
  return rows
    .filter((row) => row.question.trim() || row.answer.trim())
    .map((row) => (row.answer.trim() ? { question: row.question.trim(), answer: row.answer.trim() } : { question: row.question.trim() }));
}
