import { readFileSync } from 'node:fs';
import Papa from 'papaparse';

/*
 * The labelled answer fixture (fixtures/answers): two shops written for these tests in our own
 * words (an outdoor store: FAQ in Markdown and an eight-product CSV with colors, sizes, category,
 * weight and material columns; a coffee roaster: policies in HTML and a Shopify-shaped JSON
 * catalogue), and shopper questions with what a correct answer must and must not say.
 */

export interface AnswerQuestion {
  store: 'outdoor' | 'coffee';
  kind: 'policy' | 'paraphrase' | 'attribute' | 'comparison' | 'unanswerable' | 'handoff';
  question: string;
  /** Every one must appear in the answer (case-insensitive). */
  expect?: string[];
  /** None may appear. */
  forbid?: string[];
  /** The answer must say it does not know (or offer a person), inventing nothing. */
  unknown?: boolean;
  /** The thread must be handed to a person. */
  handoff?: boolean;
}

export interface AnswerShop {
  name: 'outdoor' | 'coffee';
  currency: string;
  files: { fileName: string; contentType: string; bytes: string }[];
}

const read = (name: string) => readFileSync(new URL(`./fixtures/answers/${name}`, import.meta.url), 'utf8');

export const ANSWER_SHOPS: AnswerShop[] = [
  {
    name: 'outdoor',
    currency: 'USD',
    files: [
      { fileName: 'faq.md', contentType: 'text/markdown', bytes: read('outdoor/faq.md') },
      { fileName: 'products.csv', contentType: 'text/csv', bytes: read('outdoor/products.csv') },
    ],
  },
  {
    name: 'coffee',
    currency: 'EUR',
    files: [
      { fileName: 'policies.html', contentType: 'text/html', bytes: read('coffee/policies.html') },
      { fileName: 'catalog.json', contentType: 'application/json', bytes: read('coffee/catalog.json') },
    ],
  },
];

/** One question per attribute of every product of the outdoor CSV: each column must be answerable. */
function attributeQuestions(): AnswerQuestion[] {
  const { data } = Papa.parse<Record<string, string>>(read('outdoor/products.csv'), { header: true, skipEmptyLines: true });
  return data.flatMap((row) => {
    const title = row.title as string;
    const ask = (question: string, expect: string[]): AnswerQuestion => ({ store: 'outdoor', kind: 'attribute', question, expect });
    const list = (value = '') => value.split(',').map((item) => item.trim());
    return [
      ask(`What colors does the ${title} come in?`, list(row.colors)),
      ask(`What sizes does the ${title} come in?`, list(row.sizes)),
      ask(`What category is the ${title} in?`, [row.category as string]),
      ask(`How much does the ${title} weigh?`, [row.weight as string]),
      ask(`What material is the ${title} made of?`, [row.material as string]),
      ask(`How much does the ${title} cost?`, [`$${row.price}`]),
    ];
  });
}

export function loadAnswerQuestions(): AnswerQuestion[] {
  return [...(JSON.parse(read('questions.json')) as AnswerQuestion[]), ...attributeQuestions()];
}

/** Whether an answer is correct by the question's own rule: its facts there, nothing forbidden. */
export function judgeAnswer(question: AnswerQuestion, answer: { text: string; handoff: boolean; unknown: boolean }): string | null {
  const text = answer.text.toLowerCase();
  const missing = (question.expect ?? []).filter((fact) => !text.includes(fact.toLowerCase()));
  if (missing.length) return `missing ${missing.join(', ')}`;
  const invented = (question.forbid ?? []).filter((fact) => text.includes(fact.toLowerCase()));
  if (invented.length) return `says ${invented.join(', ')}`;
  if (question.handoff && !answer.handoff) return 'not handed to a person';
  if (question.unknown && !answer.unknown && !answer.handoff) return 'answered instead of saying it does not know';
  return null;
}
