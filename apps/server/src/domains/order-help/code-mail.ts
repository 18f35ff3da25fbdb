import type { ModelMessage } from 'ai';
import type { Mail } from '../../lib/mailer';
import { detectLanguage, type ShopperLanguage } from '../ai';

/*
 * The one-time code's e-mail, in each shopper language, for a translator to edit in place.
 * {code}, {order}, {shop}, {minutes} are filled in. It says what the code is for and that nothing
 * happens to the order without it, so a customer who did not ask can ignore it.
 */
const CODE_MAILS: Record<ShopperLanguage, { subject: string; text: string }> = {
  en: {
    subject: 'Your verification code for order {order}',
    text: 'Your verification code is {code}\n\nSomeone asked the chat assistant of {shop} for help with order {order}. Enter this code in the chat to confirm it is you. The code is valid for {minutes} minutes.\n\nIf this was not you, you can ignore this e-mail: nothing about your order changes without the code.',
  },
  ja: {
    subject: 'ご注文{order}の確認コード',
    text: '確認コード：{code}\n\n{shop}のチャットアシスタントに、ご注文{order}についてのお問い合わせがありました。ご本人確認のため、このコードをチャットに入力してください。コードの有効期限は{minutes}分です。\n\nお心当たりがない場合は、このメールを破棄してください。コードがなければ、ご注文の内容は変更されません。',
  },
  th: {
    subject: 'รหัสยืนยันสำหรับคำสั่งซื้อ {order}',
    text: 'รหัสยืนยันของคุณคือ {code}\n\nมีผู้ขอความช่วยเหลือเกี่ยวกับคำสั่งซื้อ {order} ผ่านผู้ช่วยแชทของ {shop} โปรดกรอกรหัสนี้ในแชทเพื่อยืนยันว่าเป็นคุณ รหัสนี้ใช้ได้ {minutes} นาที\n\nหากไม่ใช่คุณ คุณสามารถเพิกเฉยต่ออีเมลนี้ได้ คำสั่งซื้อของคุณจะไม่มีการเปลี่ยนแปลงใด ๆ หากไม่มีรหัสนี้',
  },
  'zh-Hant': {
    subject: '訂單 {order} 的驗證碼',
    text: '您的驗證碼是 {code}\n\n有人透過 {shop} 的聊天助理詢問訂單 {order} 的相關協助。請在聊天中輸入此驗證碼，以確認是您本人。驗證碼在 {minutes} 分鐘內有效。\n\n如果這不是您本人的操作，請忽略此郵件：沒有驗證碼，您的訂單不會有任何變更。',
  },
  'zh-Hans': {
    subject: '订单 {order} 的验证码',
    text: '您的验证码是 {code}\n\n有人通过 {shop} 的聊天助手询问订单 {order} 的相关帮助。请在聊天中输入此验证码，以确认是您本人。验证码在 {minutes} 分钟内有效。\n\n如果这不是您本人的操作，请忽略此邮件：没有验证码，您的订单不会有任何变更。',
  },
  id: {
    subject: 'Kode verifikasi untuk pesanan {order}',
    text: 'Kode verifikasi Anda adalah {code}\n\nSeseorang meminta bantuan asisten chat {shop} untuk pesanan {order}. Masukkan kode ini di chat untuk memastikan bahwa itu Anda. Kode ini berlaku selama {minutes} menit.\n\nJika itu bukan Anda, abaikan email ini: tidak ada yang berubah pada pesanan Anda tanpa kode ini.',
  },
  vi: {
    subject: 'Mã xác minh cho đơn hàng {order}',
    text: 'Mã xác minh của bạn là {code}\n\nCó người đã nhờ trợ lý chat của {shop} hỗ trợ về đơn hàng {order}. Hãy nhập mã này vào khung chat để xác nhận đó là bạn. Mã có hiệu lực trong {minutes} phút.\n\nNếu đó không phải là bạn, bạn có thể bỏ qua email này: đơn hàng của bạn sẽ không thay đổi nếu không có mã.',
  },
  ko: {
    subject: '주문 {order} 인증 코드',
    text: '인증 코드는 {code}입니다\n\n{shop} 채팅 도우미에 주문 {order}에 대한 도움 요청이 있었습니다. 본인 확인을 위해 채팅에 이 코드를 입력해 주세요. 코드는 {minutes}분 동안 유효합니다.\n\n본인이 요청하지 않았다면 이 이메일을 무시하셔도 됩니다. 코드 없이는 주문 내용이 변경되지 않습니다.',
  },
};

export function codeMail(input: {
  to: string;
  language: ShopperLanguage;
  code: string;
  orderName: string;
  shopName: string;
  minutes: number;
}): Mail {
  const texts = CODE_MAILS[input.language];
  const params: Record<string, string> = {
    code: input.code,
    order: input.orderName,
    shop: input.shopName,
    minutes: String(input.minutes),
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (place, name: string) => params[name] ?? place);
  // No `link`: a mailer without SMTP logs the subject and link only, so the code never reaches a log.
  return { to: input.to, subject: fill(texts.subject), text: fill(texts.text) };
}

const textOf = (message: ModelMessage) =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join(' ');

/** An order's checkout language (Shopify's `customerLocale`: "ja", "zh-TW", "pt-BR"…) as a shopper language. */
function languageOfLocale(locale: string | null): ShopperLanguage | null {
  const tag = locale?.toLowerCase() ?? '';
  if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'zh-Hant';
  if (tag.startsWith('zh')) return 'zh-Hans';
  for (const language of ['ja', 'th', 'id', 'vi', 'ko', 'en'] as const)
    if (tag === language || tag.startsWith(`${language}-`)) return language;
  return null;
}

/**
 * The code mail's language: the shopper's own in this conversation (their newest message whose
 * language is clear, e-mail addresses, order numbers and codes left out), else the language they
 * checked out in, else English.
 */
export function mailLanguageOf(messages: ModelMessage[], customerLocale: string | null): ShopperLanguage {
  // E-mail addresses, order numbers, phones and codes say nothing about the language.
  const words = (text: string) => text.replace(/\S+@\S+/g, ' ').replace(/[#+\d][\d\s().-]*/g, ' ');
  for (const message of messages.toReversed()) {
    if (message.role !== 'user') continue;
    const language = detectLanguage(words(textOf(message)));
    if (language) return language;
  }
  return languageOfLocale(customerLocale) ?? 'en';
}

/** "ann@example.com" → "a•••@example.com": enough for the shopper to know which inbox, nothing more. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().split(/@(?=[^@]*$)/);
  return `${local.slice(0, 1)}•••@${domain}`;
}
