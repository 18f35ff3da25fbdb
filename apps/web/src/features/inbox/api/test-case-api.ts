import type { TestCase } from '@aisle/contracts/test-suites';
import { apiRequest } from '@/lib/api-client';

/** The conversation's latest question and the answer it got, added to its assistant's test questions (the answer kept as right). */
export const addConversationAsTestCase = (token: string | null, sharedThreadId: string) =>
  apiRequest<TestCase>('/api/assistant/test-suite/from-conversation/', { body: { sharedThreadId }, token });
