import type { ModelMessage } from 'ai';
import { UNKNOWN_ANSWER } from '../ai';

/*
 * When a shopper needs a person rather than the assistant (every origin goes through the engine,
 * so every origin is covered): they ask for one, they are upset, or the assistant has twice in a
 * row not known the answer. The engine says so plainly in the reply and reports why; the thread's
 * keeper marks it and tells the shop (inbox/request-person.ts for shared threads).
 */

export type HandoffReason = 'asked' | 'upset' | 'unanswered';

export const HANDOFF_TEXT = "I've asked someone from our team to help you. They will reply in this chat as soon as they can.";

const ASKED =
  /\b(human|real person|a person|(?:someone|somebody|anyone) (?:from|on|in) (?:your|the) (?:team|shop|store|staff)|(?:speak|talk|chat) (?:to|with) (?:someone|somebody|a person|an? (?:agent|human|employee|manager))|(?:an? )?(?:live )?agent|representative|staff member|manager|operator)\b/i;
const UPSET =
  /\b(ridiculous|unacceptable|furious|angry|terrible|worst|scam|disgusting|outrageous|useless|fed up|pathetic|rip-?off|awful|horrible)\b/i;
/** Shouting: "!!" or a long message mostly in capitals. */
const SHOUTING = /!{2,}/;

export function handoffRequestOf(message: string): HandoffReason | null {
  if (ASKED.test(message)) return 'asked';
  const letters = message.replace(/[^A-Za-z]/g, '');
  if (UPSET.test(message) || SHOUTING.test(message) || (letters.length >= 20 && letters === letters.toUpperCase())) return 'upset';
  return null;
}

/** The built-in model's "don't know", or a network model's. */
const DONT_KNOW =
  /\b(I (?:don't|do not|couldn't|could not|can't|cannot) (?:know|find|answer|help with)|I'm not sure|no information (?:about|on))\b/i;

export const couldNotAnswer = (text: string) => text.startsWith(UNKNOWN_ANSWER.slice(0, 40)) || DONT_KNOW.test(text);

const textOf = (message: ModelMessage) =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join(' ');

/** The assistant's reply before this question did not know either. */
export function unansweredBefore(messages: ModelMessage[]): boolean {
  const previous = messages.slice(0, -1).findLast((message) => message.role === 'assistant');
  return previous !== undefined && couldNotAnswer(textOf(previous));
}
