import type { Citation } from '@aisle/contracts/chat';
import type { TestVerdict } from '@aisle/contracts/test-suites';
import { SHOPPER_LANGUAGES, shopperText } from '../ai';
import { termsOf } from '../knowledge';
import { numbersOf } from './facts';

/** What a case expects, as the judge reads it. */
export interface JudgedCase {
  question: string;
  followUp?: string | null;
  expected: string;
  expectRefusal: boolean;
  acceptedAnswer?: string | null;
}

/** The answer as the turn gave it. */
export interface JudgedAnswer {
  text: string;
  /** The assistant said it did not know (the offline model's flag; unanswered questions). */
  unanswered?: boolean;
  /** It handed the thread to a person. */
  handoff?: boolean;
  /** What it answered from: the cited passages' text and the product cards' prices. */
  citations: Pick<Citation, 'text'>[];
  productFacts?: string[];
}

export interface Verdict {
  verdict: TestVerdict;
  passed: boolean;
  /** Why, in a sentence the owner reads beside a failure. */
  detail: string | null;
}

/** The opening words of every language's "I could not find that" and "a person will help": an answer that starts with them declines. */
const DECLINE_OPENINGS = SHOPPER_LANGUAGES.flatMap((language) =>
  (['unknown', 'handoff', 'refusal', 'noStore'] as const).map((key) => shopperText(key, language).slice(0, 24)),
);
/** How models decline in their own words, in the shops' languages. */
const DECLINES =
  /\b(?:i (?:don't|do not|couldn't|could not|can't|cannot) (?:know|find|say|answer|help with)|(?:not|no) (?:sure|information)|(?:isn't|is not|wasn't) (?:in|mentioned|listed)|a (?:person|team member|human|staff member)|connect you|get back to you)\b|わかりかねます|分かりかねます|見つかりません|見つからなかった|お答えできません|担当者|スタッフ|ไม่พบ|ไม่ทราบ|ไม่มีข้อมูล|พนักงาน|ทีมงาน|不清楚|找不到|無法回答|无法回答|真人|客服|tidak (?:tahu|menemukan|ada informasi)|không (?:biết|tìm thấy|có thông tin)|모르|찾을 수 없/iu;

/** The answer declines (says it cannot answer, or hands over to a person). */
export function declines(answer: JudgedAnswer): boolean {
  if (answer.unanswered || answer.handoff) return true;
  const text = answer.text.trim();
  return DECLINE_OPENINGS.some((opening) => text.startsWith(opening)) || DECLINES.test(text);
}

const normalised = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Items of a list the case expects ("S, M, L"), when it is one. */
function listItems(expected: string): string[] | null {
  if (/\d/.test(expected)) return null;
  const items = expected
    .split(/\s*(?:,|、|，|\/|\bor\b|\band\b)\s*/u)
    .map((item) => normalised(item))
    .filter(Boolean);
  return items.length >= 2 && items.every((item) => item.length <= 40) ? items : null;
}

/**
 * Whether the answer holds the expected fact: its figures by value ("¥4,800" in "4800円"), every
 * one; a list's items, at least half; otherwise most of its words (any language's terms, so a
 * model's paraphrase of a sentence still counts).
 */
export function factPresent(expected: string, answer: string): boolean {
  const wanted = numbersOf(expected);
  if (wanted.size) {
    const given = numbersOf(answer);
    return [...wanted].every((number) => given.has(number));
  }
  const text = normalised(answer);
  const items = listItems(expected);
  if (items) return items.filter((item) => text.includes(item)).length * 2 >= items.length;
  if (text.includes(normalised(expected))) return true;
  const terms = new Set(termsOf(expected));
  if (!terms.size) return false;
  const given = new Set(termsOf(answer));
  let found = 0;
  for (const term of terms) if (given.has(term)) found++;
  return found / terms.size >= 0.6;
}

/** Figures the answer states that neither the question, the expected fact nor anything it answered from holds: made up. */
function inventedFigures(judged: JudgedCase, answer: JudgedAnswer): string[] {
  const known = new Set<string>();
  for (const text of [
    judged.question,
    judged.followUp ?? '',
    judged.expected,
    ...answer.citations.map((c) => c.text),
    ...(answer.productFacts ?? []),
  ])
    for (const number of numbersOf(text)) known.add(number);
  // Small counts ("2 options", "1 of them") are wording, not claims.
  return [...numbersOf(answer.text)].filter((number) => !known.has(number) && Number(number) > 10);
}

/**
 * A case's verdict for one answer: an answer the owner marked as right passes as it is; a question
 * the store cannot answer passes when the answer declines (and offers a person); otherwise the
 * expected fact must be in the answer, and a figure the knowledge does not hold makes it an
 * invented claim even then.
 */
export function judgeAnswer(judged: JudgedCase, answer: JudgedAnswer): Verdict {
  if (judged.acceptedAnswer && normalised(judged.acceptedAnswer) === normalised(answer.text)) {
    return { verdict: 'marked_right', passed: true, detail: null };
  }
  if (judged.expectRefusal) {
    return declines(answer)
      ? { verdict: 'refused_correctly', passed: true, detail: null }
      : {
          verdict: 'should_refuse',
          passed: false,
          detail: 'The store cannot answer this, yet the assistant answered instead of offering a person.',
        };
  }
  if (!factPresent(judged.expected, answer.text)) {
    return {
      verdict: 'fact_missing',
      passed: false,
      detail: declines(answer) ? 'The assistant said it could not answer.' : 'The answer does not contain the expected fact.',
    };
  }
  const invented = inventedFigures(judged, answer);
  if (invented.length) {
    return {
      verdict: 'invented_claim',
      passed: false,
      detail: `The answer states ${invented.join(', ')}, which the store's knowledge does not hold.`,
    };
  }
  return { verdict: 'fact_present', passed: true, detail: null };
}
