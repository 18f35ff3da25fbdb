import type { ShopperLanguage } from '@aisle/contracts/languages';

/**
 * The loader's few words, in every shopper language: no i18next in the storefront's one script
 * (it must stay tiny). `{n}` is a count of unread replies, `{name}` the assistant's name.
 */
export interface WidgetTexts {
  open: string;
  close: string;
  /** The launcher's label while replies wait unread. */
  openUnread(count: number): string;
  /** The chat iframe's and the launcher's title before the assistant's name is known. */
  chat: string;
  chatWith: string;
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
const unread = (text: string) => (count: number) => fill(text, { n: count });

export const WIDGET_TEXTS: Record<ShopperLanguage, WidgetTexts> = {
  en: {
    open: 'Open chat',
    close: 'Close chat',
    openUnread: (count) => `Open chat (${count} unread ${count === 1 ? 'reply' : 'replies'})`,
    chat: 'Chat',
    chatWith: 'Chat with {name}',
  },
  ja: {
    open: 'チャットを開く',
    close: 'チャットを閉じる',
    openUnread: unread('チャットを開く（未読の返信{n}件）'),
    chat: 'チャット',
    chatWith: '{name}とのチャット',
  },
  th: {
    open: 'เปิดแชท',
    close: 'ปิดแชท',
    openUnread: unread('เปิดแชท (มีข้อความตอบกลับที่ยังไม่ได้อ่าน {n} ข้อความ)'),
    chat: 'แชท',
    chatWith: 'แชทกับ {name}',
  },
  'zh-Hant': {
    open: '開啟聊天',
    close: '關閉聊天',
    openUnread: unread('開啟聊天（{n} 則未讀回覆）'),
    chat: '聊天',
    chatWith: '與 {name} 聊天',
  },
  'zh-Hans': {
    open: '打开聊天',
    close: '关闭聊天',
    openUnread: unread('打开聊天（{n} 条未读回复）'),
    chat: '聊天',
    chatWith: '与 {name} 聊天',
  },
  id: {
    open: 'Buka chat',
    close: 'Tutup chat',
    openUnread: unread('Buka chat ({n} balasan belum dibaca)'),
    chat: 'Chat',
    chatWith: 'Chat dengan {name}',
  },
  vi: {
    open: 'Mở cuộc trò chuyện',
    close: 'Đóng cuộc trò chuyện',
    openUnread: unread('Mở cuộc trò chuyện ({n} phản hồi chưa đọc)'),
    chat: 'Trò chuyện',
    chatWith: 'Trò chuyện với {name}',
  },
  ko: {
    open: '채팅 열기',
    close: '채팅 닫기',
    openUnread: unread('채팅 열기(읽지 않은 답장 {n}개)'),
    chat: '채팅',
    chatWith: '{name} 채팅',
  },
};

/** "Chat with Mia" in the widget's language. */
export const chatTitle = (texts: WidgetTexts, assistantName: string) => fill(texts.chatWith, { name: assistantName });
