import type { QuickReply } from '@aisle/contracts/commerce';
import type { ShopperLanguage } from './shopper-language';

/*
 * Every built-in text a shopper can see from the answering side, one object per language, for a
 * translator to edit in place. `{name}` is filled by shopperText's params. English is byte for byte
 * what the product has always said (UNKNOWN_ANSWER, HANDOFF_TEXT, BUSY_TEXT, the public chat's
 * "unavailable": shopper-texts.test.ts holds them together).
 */

const en = {
  /** The built-in model found nothing in the stores (local-answer.ts). */
  unknown:
    "I couldn't find that in this store's knowledge, so I don't want to guess. Try asking in other words, or ask for a person and someone from the team will help.",
  /** A person from the shop will take over (turns/handoff.ts). */
  handoff: "I've asked someone from our team to help you. They will reply in this chat as soon as they can.",
  /** Small talk (local-greeting.ts); {scope} is scopeTopics or scopeShop. */
  greeting: 'Hello! I can help with {scope}. What would you like to know?',
  thanks: "You're welcome! If anything else comes up, I can help with {scope}.",
  /** {topics}: the assistant's store or file names, joined with listSeparator. */
  scopeTopics: 'questions about {topics}',
  scopeShop: "questions about this shop's products and policies, answered from its own documents",
  listSeparator: ', ',
  /** The server is saturated (lib/turn-gate.ts). */
  busy: 'The assistant is busy right now. Please try again in a moment.',
  /** The owner cannot pay or is out of messages: nothing about their account. */
  unavailable: "This assistant can't answer right now. Please try again later.",
  /** Before a quote in the store's own language, when the shopper wrote in another. */
  storeSays: 'Here is what the store says:',
  /** The safeguard declined: an injection attempt or a request that is not about the shop (turns/safeguard.ts). */
  refusal: "I'm sorry, I can't help with that. I'm here to answer questions about this shop — its products, orders, shipping and returns.",
  /** Only to the owner in their own chat: why an assistant without a store knows nothing (turns/answer-turn.ts). */
  noStore:
    'This assistant has no store linked yet, so it has nothing to answer from. Link a store to it on the Assistants page (Edit → Stores).',
  /**
   * The quick reply under a shopper's answer (LINE and Meta: a label of at most 20 characters), sent
   * as the shopper's message when tapped: worded so that it asks for a person (turns/handoff.ts).
   */
  talkToPerson: 'Talk to a person',
};

export type ShopperTextKey = keyof typeof en;
type ShopperTexts = Record<ShopperTextKey, string>;

const ja: ShopperTexts = {
  unknown:
    '申し訳ございません。このストアの情報には該当する内容が見つからなかったため、推測でのお答えは控えます。別の言葉でお尋ねいただくか、担当者をご希望の旨お知らせいただければ、スタッフが対応いたします。',
  handoff: 'スタッフに対応を依頼しました。準備ができ次第、このチャットでご返信いたします。',
  greeting: 'こんにちは！{scope}にお答えできます。どのようなことをお知りになりたいですか？',
  thanks: 'どういたしまして！ほかにも気になることがございましたら、{scope}にお答えできますので、お気軽にどうぞ。',
  scopeTopics: '{topics}に関するご質問',
  scopeShop: 'このショップの商品やポリシーに関するご質問（ショップの資料をもとにお答えします）',
  listSeparator: '、',
  busy: 'ただいま混み合っております。少し時間をおいてから、もう一度お試しください。',
  unavailable: 'ただいまこのアシスタントはお答えできません。しばらくしてから、もう一度お試しください。',
  storeSays: 'ストアの情報では次のとおりです：',
  refusal:
    '申し訳ございませんが、そのご依頼にはお応えできません。このショップの商品・ご注文・配送・返品についてのご質問にお答えしています。',
  noStore:
    'このアシスタントにはまだストアがリンクされていないため、回答の元になる情報がありません。「アシスタント」ページでストアをリンクしてください（編集 → ストア）。',
  talkToPerson: '担当者と話したい',
};

const th: ShopperTexts = {
  unknown: 'ขออภัยค่ะ ไม่พบเรื่องนี้ในข้อมูลของร้าน จึงขอไม่เดาคำตอบนะคะ ลองถามด้วยคำอื่นดูอีกครั้ง หรือขอคุยกับพนักงาน แล้วทีมงานจะช่วยดูแลให้ค่ะ',
  handoff: 'แจ้งทีมงานให้ช่วยดูแลแล้วค่ะ ทีมงานจะตอบกลับในแชทนี้โดยเร็วที่สุดค่ะ',
  greeting: 'สวัสดีค่ะ! ยินดีช่วยตอบ{scope} อยากทราบเรื่องอะไรคะ',
  thanks: 'ยินดีค่ะ! หากมีข้อสงสัยอื่นเพิ่มเติม ยินดีช่วยตอบ{scope}นะคะ',
  scopeTopics: 'คำถามเกี่ยวกับ{topics}',
  scopeShop: 'คำถามเกี่ยวกับสินค้าและนโยบายของร้านนี้ โดยตอบจากเอกสารของร้านเอง',
  listSeparator: ', ',
  busy: 'ขณะนี้ผู้ช่วยมีผู้ใช้งานจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่ค่ะ',
  unavailable: 'ขณะนี้ผู้ช่วยยังไม่สามารถตอบได้ กรุณาลองใหม่อีกครั้งภายหลังค่ะ',
  storeSays: 'ข้อมูลจากร้านมีดังนี้ค่ะ:',
  refusal: 'ขออภัยค่ะ เรื่องนี้ไม่สามารถช่วยได้ ผู้ช่วยนี้ตอบคำถามเกี่ยวกับร้านนี้ ทั้งสินค้า คำสั่งซื้อ การจัดส่ง และการคืนสินค้าค่ะ',
  noStore: 'ผู้ช่วยนี้ยังไม่ได้เชื่อมโยงกับคลังข้อมูลใด จึงไม่มีข้อมูลสำหรับใช้ตอบ เชื่อมโยงคลังข้อมูลได้ที่หน้า ผู้ช่วย (แก้ไข → คลังข้อมูล)',
  talkToPerson: 'ขอคุยกับพนักงาน',
};

const zhHant: ShopperTexts = {
  unknown: '抱歉，本店的資料中找不到相關內容，為了不隨意猜測，我先不回答。您可以換個說法再問一次，或要求真人客服，我們的團隊會協助您。',
  handoff: '已請我們的團隊成員來協助您，他們會盡快在這個聊天室回覆您。',
  greeting: '您好！我可以為您解答{scope}。請問想了解什麼呢？',
  thanks: '不客氣！如果還有其他問題，我可以為您解答{scope}。',
  scopeTopics: '關於{topics}的問題',
  scopeShop: '關於本店商品與政策的問題（依據本店自己的資料回答）',
  listSeparator: '、',
  busy: '目前助理忙碌中，請稍後再試。',
  unavailable: '此助理目前無法回覆，請稍後再試。',
  storeSays: '以下是商店提供的資訊：',
  refusal: '抱歉，這個我無法協助。我在這裡回答關於本店的問題，包括商品、訂單、運送與退貨。',
  noStore: '這個助理尚未連結任何商店資料，因此沒有可用來回答的內容。請到「助理」頁面連結商店資料（編輯 → 商店）。',
  talkToPerson: '找真人客服',
};

const zhHans: ShopperTexts = {
  unknown: '抱歉，本店的资料中没有找到相关内容，为了不随意猜测，我先不回答。您可以换个说法再问一次，或者要求人工客服，我们的团队会帮助您。',
  handoff: '已请我们的团队成员来协助您，他们会尽快在这个对话中回复您。',
  greeting: '您好！我可以为您解答{scope}。请问想了解什么呢？',
  thanks: '不客气！如果还有其他问题，我可以为您解答{scope}。',
  scopeTopics: '关于{topics}的问题',
  scopeShop: '关于本店商品和政策的问题（根据本店自己的资料回答）',
  listSeparator: '、',
  busy: '助理目前繁忙，请稍后再试。',
  unavailable: '该助理暂时无法回复，请稍后再试。',
  storeSays: '以下是商店提供的信息：',
  refusal: '抱歉，这个我无法协助。我在这里回答关于本店的问题，包括商品、订单、配送和退货。',
  noStore: '这个助理还没有关联任何商店资料，因此没有可用于回答的内容。请在“助理”页面关联商店资料（编辑 → 商店）。',
  talkToPerson: '找人工客服',
};

const id: ShopperTexts = {
  unknown:
    'Maaf, saya tidak menemukan informasi itu di data toko ini, jadi saya tidak ingin menebak. Coba tanyakan dengan kata lain, atau minta bicara dengan admin dan tim kami akan membantu.',
  handoff: 'Saya sudah meminta tim kami untuk membantu Anda. Mereka akan membalas di chat ini secepatnya.',
  greeting: 'Halo! Saya bisa membantu menjawab {scope}. Ada yang ingin ditanyakan?',
  thanks: 'Sama-sama! Kalau ada hal lain, saya bisa membantu menjawab {scope}.',
  scopeTopics: 'pertanyaan tentang {topics}',
  scopeShop: 'pertanyaan tentang produk dan kebijakan toko ini, dijawab dari dokumen toko sendiri',
  listSeparator: ', ',
  busy: 'Asisten sedang sibuk. Silakan coba lagi sebentar lagi.',
  unavailable: 'Asisten ini belum bisa menjawab saat ini. Silakan coba lagi nanti.',
  storeSays: 'Berikut informasi dari toko:',
  refusal:
    'Maaf, saya tidak bisa membantu soal itu. Saya di sini untuk menjawab pertanyaan tentang toko ini: produk, pesanan, pengiriman, dan pengembalian.',
  noStore:
    'Asisten ini belum terhubung ke toko mana pun, jadi belum ada bahan untuk menjawab. Hubungkan toko di halaman Asisten (Edit → Toko).',
  talkToPerson: 'Bicara dengan admin',
};

const vi: ShopperTexts = {
  unknown:
    'Xin lỗi, tôi không tìm thấy thông tin này trong dữ liệu của cửa hàng nên không muốn đoán. Bạn hãy thử hỏi theo cách khác, hoặc yêu cầu gặp nhân viên và đội ngũ cửa hàng sẽ hỗ trợ bạn.',
  handoff: 'Tôi đã nhờ nhân viên của cửa hàng hỗ trợ bạn. Nhân viên sẽ trả lời trong cuộc trò chuyện này sớm nhất có thể.',
  greeting: 'Xin chào! Tôi có thể hỗ trợ {scope}. Bạn muốn tìm hiểu điều gì ạ?',
  thanks: 'Không có gì ạ! Nếu bạn cần thêm thông tin, tôi có thể hỗ trợ {scope}.',
  scopeTopics: 'các câu hỏi về {topics}',
  scopeShop: 'các câu hỏi về sản phẩm và chính sách của cửa hàng, dựa trên tài liệu của chính cửa hàng',
  listSeparator: ', ',
  busy: 'Trợ lý đang bận. Bạn vui lòng thử lại sau giây lát.',
  unavailable: 'Trợ lý này hiện không thể trả lời. Bạn vui lòng thử lại sau.',
  storeSays: 'Thông tin từ cửa hàng như sau:',
  refusal:
    'Xin lỗi, tôi không thể hỗ trợ việc này. Tôi ở đây để trả lời các câu hỏi về cửa hàng: sản phẩm, đơn hàng, giao hàng và đổi trả.',
  noStore:
    'Trợ lý này chưa được liên kết với cửa hàng nào nên chưa có dữ liệu để trả lời. Hãy liên kết cửa hàng trong trang Trợ lý (Chỉnh sửa → Cửa hàng).',
  talkToPerson: 'Gặp nhân viên',
};

const ko: ShopperTexts = {
  unknown:
    '죄송합니다. 이 스토어의 자료에서 해당 내용을 찾을 수 없어 추측으로 답변하지 않겠습니다. 다른 표현으로 다시 질문해 주시거나, 상담원 연결을 요청하시면 팀에서 도와드릴게요.',
  handoff: '팀 담당자에게 도움을 요청했습니다. 담당자가 최대한 빨리 이 채팅에서 답변드릴 예정입니다.',
  greeting: '안녕하세요! {scope}에 답변해 드릴 수 있어요. 무엇이 궁금하신가요?',
  thanks: '천만에요! 더 궁금한 점이 있으시면 {scope}에 답변해 드릴게요.',
  scopeTopics: '{topics}에 관한 질문',
  scopeShop: '이 쇼핑몰의 상품과 정책에 관한 질문(쇼핑몰 자료를 바탕으로 답변)',
  listSeparator: ', ',
  busy: '지금은 어시스턴트가 바쁩니다. 잠시 후 다시 시도해 주세요.',
  unavailable: '지금은 이 어시스턴트가 답변할 수 없습니다. 나중에 다시 시도해 주세요.',
  storeSays: '스토어 자료에 따르면 다음과 같습니다:',
  refusal: '죄송하지만 그 요청은 도와드릴 수 없어요. 이 쇼핑몰의 상품, 주문, 배송, 반품에 관한 질문에 답변해 드리고 있습니다.',
  noStore: '이 어시스턴트에는 아직 연결된 스토어가 없어 답변할 자료가 없습니다. 어시스턴트 페이지에서 스토어를 연결하세요(편집 → 스토어).',
  talkToPerson: '상담원 연결',
};

export const SHOPPER_TEXTS: Record<ShopperLanguage, ShopperTexts> = { en, ja, th, 'zh-Hant': zhHant, 'zh-Hans': zhHans, id, vi, ko };

/** A built-in text in the shopper's language, its `{name}` places filled from params (once: a value's own braces stay as written). */
export function shopperText(key: ShopperTextKey, lang: ShopperLanguage, params: Record<string, string> = {}): string {
  return SHOPPER_TEXTS[lang][key].replace(/\{(\w+)\}/g, (place, name: string) => params[name] ?? place);
}

/** The "Talk to a person" quick reply in the shopper's language: the label is what is sent. */
export const handoffQuickReply = (lang: ShopperLanguage): QuickReply => {
  const text = shopperText('talkToPerson', lang);
  return { kind: 'handoff', label: text, text };
};
