import { SUGGESTED_QUESTIONS_MAX } from '@aisle/contracts/assistants';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  moveQuestion,
  questionRow,
  removeQuestion,
  rowsFromStored,
  rowsToRequest,
  updateQuestion,
} from './suggested-questions';

describe('suggested question editing', () => {
  it('adds empty rows up to the contract limit, then no more', () => {
    let rows = addQuestion([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ question: '', answer: '' });
    for (let i = 0; i < 30; i++) rows = addQuestion(rows);
    expect(rows).toHaveLength(SUGGESTED_QUESTIONS_MAX);
    expect(new Set(rows.map((row) => row.key)).size).toBe(SUGGESTED_QUESTIONS_MAX);
  });

  it('edits, removes and reorders the row it is given', () => {
    const [a, b, c] = [questionRow('A?'), questionRow('B?'), questionRow('C?')];
    const rows = [a, b, c].map((row) => row as NonNullable<typeof row>);
    const edited = updateQuestion(rows, b.key, { answer: 'Yes.' });
    expect(edited.map((row) => [row.question, row.answer])).toEqual([
      ['A?', ''],
      ['B?', 'Yes.'],
      ['C?', ''],
    ]);
    expect(removeQuestion(edited, a.key).map((row) => row.question)).toEqual(['B?', 'C?']);
    expect(moveQuestion(edited, c.key, -1).map((row) => row.question)).toEqual(['A?', 'C?', 'B?']);
    expect(moveQuestion(edited, a.key, -1).map((row) => row.question)).toEqual(['A?', 'B?', 'C?']);
  });

  it('sends trimmed questions, drops wholly blank rows and leaves out blank answers', () => {
    const rows = [questionRow('  Shipping time? ', '  Two days. '), questionRow('', '  '), questionRow('Returns?', '')];
    expect(rowsToRequest(rows)).toEqual([{ question: 'Shipping time?', answer: 'Two days.' }, { question: 'Returns?' }]);
  });

  it('reads stored questions, skipping entries that are not questions', () => {
    const rows = rowsFromStored([{ question: 'Sizes?', answer: 'S to XL.' }, { question: 'Hours?' }, 'junk', null, { answer: 'x' }]);
    expect(rows.map(({ question, answer }) => ({ question, answer }))).toEqual([
      { question: 'Sizes?', answer: 'S to XL.' },
      { question: 'Hours?', answer: '' },
    ]);
    expect(rowsFromStored(null)).toEqual([]);
  });
});
