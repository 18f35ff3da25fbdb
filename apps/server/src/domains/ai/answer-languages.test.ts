import { describe, expect, it } from 'vitest';
import { withKanji } from '../knowledge';
import { composeGroundedAnswer, type RetrievedPassage } from './local-answer';
import { questionParts } from './question-parts';

/**
 * How the built-in model reads a question and chooses the store's sentences in any script: whole
 * Japanese, Chinese and Thai sentences chosen for what is asked (never the first line by
 * default), two questions in one message taken apart.
 */
const passage = (heading: string, text: string, id = heading): RetrievedPassage => ({ id, fileName: 'faq', heading, text, score: 2 });

describe('sentences in any script', () => {
  it('quotes the Japanese sentence that answers, not the first line of the section', () => {
    const shop = passage(
      '店舗の営業時間と場所',
      '店舗は京都府宇治市の宇治橋通り沿いにございます。\n営業時間は午前10時から午後6時までです。\n毎週水曜日は定休日です。',
    );
    expect(composeGroundedAnswer('営業時間を教えてください', [shop]).text).toContain('午前10時から午後6時');
    expect(composeGroundedAnswer('お店の場所はどこですか？', [shop]).text).toContain('宇治橋通り');
    expect(composeGroundedAnswer('定休日はいつですか？', [shop]).text).toBe('毎週水曜日は定休日です。');
  });

  it('quotes a Thai line whole, so a list is not cut in half', () => {
    const pay = passage('การชำระเงิน', 'ลูกค้าชำระเงินได้ด้วยการโอนผ่านพร้อมเพย์ บัตรเครดิต และเก็บเงินปลายทาง');
    expect(composeGroundedAnswer('เก็บเงินปลายทางได้ไหม', [pay]).text).toContain('พร้อมเพย์ บัตรเครดิต และเก็บเงินปลายทาง');
  });

  it('finds a Chinese fee by what is asked', () => {
    const fees = passage('運費與配送方式', '常溫商品以宅配寄送，運費為 NT$100。\n冷凍商品運費為 NT$180。\n離島地區暫不提供配送服務。');
    expect(composeGroundedAnswer('冷凍的運費多少？', [fees]).text).toContain('NT$180');
  });

  it('answers an English question about a Thai store from its Thai sentence', () => {
    const shipping = passage('การจัดส่งสินค้า', 'ค่าจัดส่งคิดอัตราเดียว 40 บาททั่วประเทศ');
    expect(composeGroundedAnswer('How much is shipping?', [shipping]).text).toContain('40 บาท');
  });

  it('says it does not know, in the text it is given, when only a character is shared', () => {
    const tea = passage('試飲', '店内では季節のお茶を無料で試飲していただけます。');
    const answer = composeGroundedAnswer('茶葉は無農薬で育てていますか？', [tea], 0, { unknownText: 'わかりません' });
    expect(answer).toEqual({ outcome: 'unknown', text: 'わかりません' });
  });
});

describe('what is asked, across languages and names', () => {
  it('reads "opening hours" as one thing, answered by the hours and not by a duration', () => {
    const hours = passage('店舗の営業時間と場所', '営業時間は午前10時から午後6時までです。\n毎週水曜日は定休日です。');
    const teaBags = passage('水出し煎茶ティーバッグ', '冷水1リットルにティーバッグを1個入れて、冷蔵庫で3時間ほど置くと出来上がります。');
    expect(composeGroundedAnswer('What are your opening hours?', [hours, teaBags]).text).toContain('午前10時から午後6時');
  });

  it('finds a closing day written the Chinese way (每週一) for 星期一', () => {
    const hours = passage('營業時間', '門市營業時間為每天早上 8 點到晚上 7 點。\n每週一公休，國定假日照常營業。');
    expect(composeGroundedAnswer('星期一有開嗎？', [hours]).text).toContain('每週一公休');
  });

  it('answers "which day" with the day, and "which courier" with the carrier', () => {
    const hours = passage('營業時間', '門市營業時間為每天早上 8 點到晚上 7 點。\n每週一公休，國定假日照常營業。');
    const shipping = passage('出貨與到貨時間', '出貨後通常 1 到 2 天送達，週日不出貨。');
    expect(composeGroundedAnswer('Which day of the week are you closed?', [shipping, hours]).text).toContain('每週一公休');
    const delivery = passage(
      '配送日数とお届け日時',
      'ご注文を確認してから3営業日以内に発送いたします。\n商品はヤマト運輸の宅急便でお送りしています。',
    );
    expect(composeGroundedAnswer('配送はどこの宅配業者ですか？', [delivery]).text).toBe('商品はヤマト運輸の宅急便でお送りしています。');
  });

  it('bridges country names between languages', () => {
    const abroad = passage('海外発送', 'カナダとアメリカへの送料は一律3,000円です。');
    expect(composeGroundedAnswer('How much is shipping to Canada?', [abroad]).text).toContain('3,000円');
    expect(composeGroundedAnswer('Berapa ongkos kirim ke Kanada?', [abroad]).text).toContain('3,000円');
  });

  it('does not quote a product’s description for a question about something the store never says', () => {
    const tent = {
      ...passage(
        'Ember 2P Ultralight Tent',
        'Ember 2P Ultralight Tent\nA two-person, three-season tent for backpackers who count every gram.',
      ),
      id: 'tent',
    };
    const unknown = composeGroundedAnswer('Where is the Ember 2P tent manufactured?', [tent], 0, { productPassages: new Set(['tent']) });
    expect(unknown.outcome).toBe('unknown');
    // A section titled with the question's own word is about it, though the verb asked is not there.
    const receipts = passage('領収書について', '領収書は、商品に同封してお送りいたします。');
    expect(composeGroundedAnswer('領収書は発行してもらえますか？', [receipts]).text).toContain('同封');
  });

  it('gives the figures of one passage together when they answer alike', () => {
    const fees = passage(
      '運費與配送方式',
      '常溫商品以宅配寄送，運費為 NT$100。\n冷藏或冷凍商品以低溫宅配寄送，運費為 NT$180。\n離島地區暫不提供配送服務。',
    );
    const text = composeGroundedAnswer('運費怎麼算？', [fees]).text;
    expect(text).toContain('NT$100');
    expect(text).toContain('NT$180');
  });
});

describe('what the shopper types and which product a sentence is about', () => {
  it('reads shop words typed in hiragana as the shop writes them', () => {
    expect(withKanji('そうりょうがむりょうになるのはいくらからですか')).toBe('送料が無料になるのはいくらからですか');
    expect(withKanji('きゅうすのようりょうは？')).toBe('急須の容量は？');
    // A reading inside a longer word of kana is left alone.
    expect(withKanji('たいへんおいしいです')).toBe('たいへんおいしいです');
    const shipping = passage('送料について', '送料は全国一律650円です。\nご注文金額が5,400円以上の場合は、送料が無料になります。');
    expect(composeGroundedAnswer(withKanji('そうりょうがむりょうになるのはいくらからですか'), [shipping]).text).toContain('5,400円以上');
  });

  it('answers "which cards" with the card brands, not the list of ways to pay', () => {
    const pay = passage(
      'お支払い方法',
      'クレジットカード、コンビニ払い、代金引換、銀行振込、PayPayがご利用いただけます。\nご利用いただけるクレジットカードは、VISA・Mastercard・JCB・American Expressです。',
    );
    expect(composeGroundedAnswer('使えるクレジットカードの種類を教えてください', [pay]).text).toContain('JCB');
    const thai = passage('การชำระเงิน', 'ชำระได้ทั้งโอนเงินและบัตรเครดิต\nบัตรเครดิตที่รับได้แก่ Visa และ Mastercard');
    expect(composeGroundedAnswer('รับบัตรเครดิตอะไรบ้าง', [thai]).text).toContain('Mastercard');
  });

  it('says which product a quoted sentence or field is about', () => {
    const cups = {
      ...passage('白磁の湯呑み 2客セット', '白磁の湯呑み 2客セット\n内容量: 容量180ml（1客）\n電子レンジと食洗機に対応しています。'),
      id: 'cups',
    };
    const context = {
      productPassages: new Set(['cups']),
      productField: (title: string, label: string, value: string) => `${title}の${label}は${value}です。`,
    };
    expect(composeGroundedAnswer('電子レンジで使える茶器はありますか？', [cups], 0, context).text).toBe(
      '白磁の湯呑み 2客セット: 電子レンジと食洗機に対応しています。',
    );
    expect(composeGroundedAnswer('湯呑みの容量は？', [cups], 0, context).text).toBe(
      '白磁の湯呑み 2客セットの内容量は容量180ml（1客）です。',
    );
  });
});

describe('Thai compounds the segmenter splits', () => {
  it('takes a compound asked (วันเกิด, "birthday") as one word, not its parts found apart', () => {
    const allergy = passage('การแพ้', 'หากใช้แล้วเกิดอาการแพ้ กรุณาหยุดใช้ทันทีและแจ้งร้านภายใน 3 วัน');
    expect(composeGroundedAnswer('มีโปรวันเกิดไหมคะ', [allergy]).outcome).toBe('unknown');
    const birthday = passage('โปรโมชั่น', 'ลูกค้าสมาชิกรับส่วนลด 15% ในเดือนวันเกิด');
    expect(composeGroundedAnswer('มีโปรวันเกิดไหมคะ', [allergy, birthday]).text).toContain('15%');
  });

  it('finds a compound written whole in one sentence and split in another', () => {
    const damage = passage('สินค้าเสียหาย', 'กรุณาถ่ายวิดีโอขณะเปิดกล่องพัสดุ เพื่อใช้เป็นหลักฐานหากสินค้าเสียหายระหว่างขนส่ง');
    expect(composeGroundedAnswer('ถ้าของมาถึงแล้วแตกเสียหายต้องทำยังไง', [damage]).text).toContain('วิดีโอ');
  });
});

describe('two questions in one message', () => {
  it.each([
    ['送料はいくらですか？開封したお茶は返品できますか？', ['送料はいくらですか？', '開封したお茶は返品できますか？']],
    ['ส่งฟรีไหมคะ แล้วคืนสินค้าได้กี่วัน', ['ส่งฟรีไหมคะ', 'คืนสินค้าได้กี่วัน']],
    ['運費多少？可以退貨嗎？', ['運費多少？', '可以退貨嗎？']],
    ['Where is your shop and what time do you close?', ['Where is your shop', 'what time do you close?']],
  ])('takes %s apart', (message, parts) => {
    expect(questionParts(message)).toEqual(parts);
  });

  it.each(['Is the tent black and white?', 'How much is the matcha and the sencha?', 'Hi! Do you ship abroad?'.slice(4)])(
    'leaves %s whole',
    (message) => {
      expect(questionParts(message)).toEqual([message]);
    },
  );
});
