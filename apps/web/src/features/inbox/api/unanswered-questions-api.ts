import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';

/**
 * Questions the assistant could not answer (the data API's UnansweredQuestion, owner-scoped), and
 * `answerUnansweredQuestion`, which adds the owner's answer to the assistant's store as a small FAQ
 * document, indexed at once, and marks the question answered.
 */
export interface UnansweredQuestion {
  id: string;
  assistantId: string;
  sharedThreadID: string | null;
  question: string;
  createdAt: string;
  /** Set once the owner has answered it; the inbox lists only those still without. */
  answeredAt: string | null;
}

/** The newest still-unanswered questions the list shows; answering some brings older ones in on the next visit. */
export const UNANSWERED_PAGE_SIZE = 100;

export const QuestionFields = graphql(`
  fragment QuestionFields on UnansweredQuestion { id assistantId sharedThreadID question createdAt answeredAt }
`);

const LIST_UNANSWERED = graphql(
  `query UnansweredQuestions($filter: ModelUnansweredQuestionFilterInput, $limit: Int) {
  listUnansweredQuestions(filter: $filter, limit: $limit) { items { ...QuestionFields } nextToken }
}`,
  [QuestionFields],
);

const ANSWER = graphql(
  `mutation AnswerUnansweredQuestion($id: ID!, $answer: String!) {
  answerUnansweredQuestion(id: $id, answer: $answer) { ...QuestionFields }
}`,
  [QuestionFields],
);

export type RawQuestion = ResultOf<typeof QuestionFields>;

export function toQuestion(raw: RawQuestion): UnansweredQuestion {
  return {
    id: raw.id,
    assistantId: raw.assistantId ?? '',
    sharedThreadID: raw.sharedThreadID ?? null,
    question: raw.question ?? '',
    createdAt: raw.createdAt ?? '',
    answeredAt: raw.answeredAt ?? null,
  };
}

/** The owner's unanswered questions, newest first. */
export async function listUnansweredQuestions(client: DataClient): Promise<UnansweredQuestion[]> {
  const data = await client.request(LIST_UNANSWERED, {
    filter: { answeredAt: { attributeExists: false } },
    limit: UNANSWERED_PAGE_SIZE,
  });
  return required(data.listUnansweredQuestions, 'listUnansweredQuestions')
    .items.filter((raw): raw is RawQuestion => raw !== null)
    .map(toQuestion);
}

export async function answerUnansweredQuestion(client: DataClient, id: string, answer: string): Promise<UnansweredQuestion> {
  const data = await client.request(ANSWER, { id, answer });
  return toQuestion(required(data.answerUnansweredQuestion, 'answerUnansweredQuestion'));
}
