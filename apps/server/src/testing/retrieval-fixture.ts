import { readFileSync } from 'node:fs';

/** The hand-labelled shop fixture (fixtures/retrieval): passages and shopper questions with their answers. */
export interface FixturePassage {
  id: string;
  file: string;
  heading: string;
  text: string;
}

export interface FixtureQuestion {
  question: string;
  relevant: string[];
  /** 2 = the answer itself, 1 = useful; unlisted relevant ids count 1. */
  graded?: Record<string, 1 | 2>;
}

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(`./fixtures/retrieval/${name}`, import.meta.url), 'utf8')) as T;

/** Read by the retrieval-quality test and the search benchmark. */
export function loadRetrievalFixture(): { corpus: FixturePassage[]; questions: FixtureQuestion[] } {
  return { corpus: read('corpus.json'), questions: read('questions.json') };
}
