import type { Citation } from '@aisle/contracts/chat';
import type { ModelMessage } from 'ai';
import { LANGUAGE_NAMES, type ShopperLanguage } from '../ai';
import { SAFEGUARD_POLICY } from './safeguard';

/** Earlier messages of the thread sent with each turn: enough for follow-ups, bounded in cost. */
export const HISTORY_MESSAGES = 20;

export interface PromptAssistant {
  assistantName: string;
  instructions: string | null;
  isSafeGuardOn: boolean;
  safeGuardInstruction: string | null;
  assistantUserQA: unknown;
}

/** The assistant's example answers (spec: "example answers the model follows"), when it has any. */
function examplesOf(qa: unknown): string[] {
  if (!Array.isArray(qa)) return [];
  return qa.flatMap((item) => {
    const { question, answer } = (item ?? {}) as { question?: unknown; answer?: unknown };
    return typeof question === 'string' && typeof answer === 'string' && answer.trim() ? [`Q: ${question}\nA: ${answer}`] : [];
  });
}

/**
 * The system prompt of a turn: who the assistant is, the merchant's instructions, example answers,
 * the passages retrieved for this question numbered for citation, and the safeguard when it is on.
 */
export function systemPromptOf(assistant: PromptAssistant, passages: Citation[]): string {
  const parts = [`You are ${assistant.assistantName}, a shop assistant answering customers.`];
  if (assistant.instructions?.trim()) parts.push(`Instructions from the shop:\n${assistant.instructions.trim()}`);
  const examples = examplesOf(assistant.assistantUserQA);
  if (examples.length) parts.push(`Answer in the style of these examples:\n${examples.join('\n\n')}`);
  if (passages.length) {
    parts.push(
      [
        "Knowledge from the shop's stores. Answer from it; cite the passages you use with their numbers in square brackets, e.g. [1].",
        'If the answer is not in it, say you do not know rather than guess.',
        ...passages.map(
          (passage) => `[${passage.number}] ${passage.fileName}${passage.heading ? ` › ${passage.heading}` : ''}\n${passage.text}`,
        ),
      ].join('\n\n'),
    );
  } else {
    parts.push("No knowledge from the shop's stores matched this question: do not invent shop-specific facts.");
  }
  if (assistant.isSafeGuardOn) {
    parts.push(SAFEGUARD_POLICY);
    if (assistant.safeGuardInstruction?.trim()) parts.push(`Additional rules from the shop:\n${assistant.safeGuardInstruction.trim()}`);
  }
  return parts.join('\n\n');
}

/**
 * The line telling a network model which language to answer in, when the shopper does not write
 * English (an English turn's prompt stays as it always was). The built-in model ignores it.
 */
export function shopperLanguageNote(lang: ShopperLanguage): string | null {
  return lang === 'en' ? null : `The shopper writes in ${LANGUAGE_NAMES[lang]}: answer in ${LANGUAGE_NAMES[lang]}.`;
}

/** Earlier messages as model messages, oldest first (the current question is the last user message). */
export function historyOf(messages: { senderType: string; content: string }[]): ModelMessage[] {
  return messages.map((message) =>
    message.senderType === 'user' ? { role: 'user', content: message.content } : { role: 'assistant', content: message.content },
  );
}

/** The passages an answer cites by number ([1], [2]…), in first-cited order. */
export function citedPassages(answer: string, passages: Citation[]): Citation[] {
  const byNumber = new Map(passages.map((passage) => [passage.number, passage]));
  const cited: Citation[] = [];
  for (const match of answer.matchAll(/\[(\d{1,2})\]/g)) {
    const passage = byNumber.get(Number(match[1]));
    if (passage && !cited.includes(passage)) cited.push(passage);
  }
  return cited;
}
