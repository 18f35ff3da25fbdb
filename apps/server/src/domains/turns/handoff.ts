import type { ModelMessage } from 'ai';
import { detectLanguage, languageOfThread, SHOPPER_LANGUAGES, type ShopperLanguage, shopperText } from '../ai';
import { isRefusal } from './safeguard';

/*
 * When a shopper needs a person rather than the assistant (every origin goes through the engine,
 * so every origin is covered): they ask for one, they are upset, or the assistant has twice in a
 * row not known the answer. The engine says so plainly in the reply and reports why; the thread's
 * keeper marks it and tells the shop (inbox/request-person.ts for shared threads).
 */

export type HandoffReason = 'asked' | 'upset' | 'unanswered';

/** The handoff in English, as the product has always said it (tests and other domains compare with it). */
export const HANDOFF_TEXT = shopperText('handoff', 'en');

/** The handoff in the shopper's language. */
export const handoffText = (lang: ShopperLanguage) => shopperText('handoff', lang);

const ASKED =
  /\b(human|real person|a person|(?:someone|somebody|anyone) (?:from|on|in) (?:your|the) (?:team|shop|store|staff)|(?:speak|talk|chat) (?:to|with) (?:someone|somebody|a person|an? (?:agent|human|employee|manager))|(?:an? )?(?:live )?agent|representative|staff member|manager|operator)\b/i;
const UPSET =
  /\b(ridiculous|unacceptable|furious|angry|terrible|worst|scam|disgusting|outrageous|useless|fed up|pathetic|rip-?off|awful|horrible)\b/i;
/*
 * The same in the other languages answered (shopper-language.ts). Each asks for a person with a
 * verb, or names one only a person request uses (担当者, 상담원, 真人): shoppers address the seller
 * in ordinary questions ("แอดมินคะ มีสีดำไหม", "kak admin, ada warna hitam?", "人工皮革"), and that
 * must stay a question. Upset words leave out those that describe skin or a product ("ひどい肌荒れ",
 * "jerawat parah", "垃圾袋", "사기 전에").
 */
const ASKED_ELSEWHERE = new RegExp(
  [
    // Japanese
    '担当者|オペレーター|有人(?:対応|チャット)|(?:(?<![友恋本個])人|スタッフ|店員|係の人)(?:さん)?(?:と|に)(?:話|相談|代わ|つな|繋)',
    // Thai
    '(?:ขอ|อยาก|ต้องการ)?(?:คุย|พูด|ติดต่อ|สาย)(?:กับ)?(?:พนักงาน|แอดมิน|เจ้าหน้าที่|คนจริง|คน)|ขอสายเจ้าหน้าที่|ขอแอดมินตัวจริง',
    // Chinese
    '真人|人工客服|转人工|轉人工|(?:找|联系|聯繫|聯絡|要|叫|转|轉|和|跟|与|與)(?:客服|店员|店員|工作人员|工作人員)',
    // Indonesian
    '(?<!\\p{L})(?:bicara|ngobrol|chat|hubungi|sambungkan|minta|mau)(?: (?:dengan|sama|ke|langsung))? (?:admin|cs|customer service|orang|manusia|petugas|staf|staff)(?!\\p{L})',
    // Vietnamese
    '(?:gặp|nói chuyện với|chat với|kết nối với|liên hệ|liên hệ với|cho (?:tôi|mình|em) gặp) (?:nhân viên|người thật|tư vấn viên|admin|quản lý)',
    // Korean
    '상담원|상담사|(?:사람|직원|담당자)(?:과|와|이랑|랑|하고)? ?(?:얘기|이야기|대화|통화|연결)',
  ].join('|'),
  'iu',
);
const UPSET_ELSEWHERE = new RegExp(
  [
    'ふざけ|最悪|詐欺|腹が立|怒って|許せない',
    'โกง|หลอกลวง|ห่วยแตก|โมโห|ไม่พอใจ|แย่ที่สุด',
    '骗子|騙子|太差|差劲|差勁|气死|氣死|投诉|投訴|垃圾(?:服务|服務|店)',
    '(?<!\\p{L})(?:penipu|nipu|kecewa|kesal|marah)(?!\\p{L})',
    'lừa đảo|tệ quá|quá tệ|thất vọng|bực mình',
    '사기꾼|사기 치|최악|짜증|화가 나|실망',
  ].join('|'),
  'iu',
);
/** Shouting: "!!" or a long message mostly in capitals. */
const SHOUTING = /!{2,}/;

export function handoffRequestOf(message: string): HandoffReason | null {
  if (ASKED.test(message) || ASKED_ELSEWHERE.test(message)) return 'asked';
  const letters = message.replace(/[^A-Za-z]/g, '');
  if (
    UPSET.test(message) ||
    UPSET_ELSEWHERE.test(message) ||
    SHOUTING.test(message) ||
    (letters.length >= 20 && letters === letters.toUpperCase())
  )
    return 'upset';
  return null;
}

/** A network model's "don't know", in each language answered. */
const DONT_KNOW = new RegExp(
  [
    "\\b(?:I (?:don't|do not|couldn't|could not|can't|cannot) (?:know|find|answer|help with)|I'm not sure|no information (?:about|on))\\b",
    'わかりません|分かりません|見つかりませんでした|お答えできません',
    'ไม่ทราบ|ไม่พบข้อมูล|ไม่มีข้อมูล',
    '不知道|不清楚|无法回答|無法回答|找不到相关|找不到相關|没有相关信息|沒有相關資訊',
    '(?<!\\p{L})(?:saya tidak tahu|tidak menemukan informasi|tidak ada informasi)',
    'tôi không biết|không tìm thấy thông tin|không có thông tin',
    '모르겠습니다|찾을 수 없습니다|정보가 없습니다',
  ].join('|'),
  'iu',
);
/** The built-in model's "don't know" in every language, told by its opening (the whole text may be followed by a handoff). */
const UNKNOWN_OPENINGS = SHOPPER_LANGUAGES.map((lang) => shopperText('unknown', lang).slice(0, 40));

/** The reply did not know (a safeguard refusal, which says "I can't help with that", is not a "don't know"). */
export const couldNotAnswer = (text: string) =>
  !isRefusal(text) && (UNKNOWN_OPENINGS.some((opening) => text.startsWith(opening)) || DONT_KNOW.test(text));

const textOf = (message: ModelMessage) =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join(' ');

/** The language a turn is answered in: its question's, or when that cannot be told ("ok", "SPF50?") the shopper's earlier messages'. */
export function shopperLanguageOf(query: string, messages: ModelMessage[]): ShopperLanguage {
  return detectLanguage(query) ?? languageOfThread(messages.filter((message) => message.role === 'user').map(textOf));
}

/** The shopper's messages before this question, oldest first: what a follow-up may refer to. */
export const earlierQuestionsOf = (messages: ModelMessage[]): string[] =>
  messages
    .filter((message) => message.role === 'user')
    .slice(0, -1)
    .map(textOf)
    .filter((text) => text.trim());

/** The assistant's reply before this question did not know either. */
export function unansweredBefore(messages: ModelMessage[]): boolean {
  const previous = messages.slice(0, -1).findLast((message) => message.role === 'assistant');
  return previous !== undefined && couldNotAnswer(textOf(previous));
}
