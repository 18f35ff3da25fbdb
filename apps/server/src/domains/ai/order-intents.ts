import { folded, orderNumbersIn } from './order-details';
import type { OrderIntent } from './order-help-texts';

/*
 * What an order message asks for (local-order-help.ts), in the shoppers' languages, by groups of
 * words rather than fixed sentences: what the shopper wants done (return it, change the address,
 * send the confirmation again, where is it), about what (their order, a parcel), and what makes it
 * a general question instead (a policy, how many days delivery usually takes), which the shop's
 * knowledge answers.
 */

/** Alternatives as one case-insensitive pattern; Latin words match whole (not "order" in "border"). */
const words = (...alternatives: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}])`, 'iu');
/** Alternatives matched anywhere: Chinese, Japanese and Thai do not put spaces between words. */
const anywhere = (...alternatives: string[]) => new RegExp(alternatives.join('|'), 'iu');
type Matcher = RegExp | ((text: string) => boolean);
const anyOf =
  (...matchers: Matcher[]) =>
  (text: string) =>
    matchers.some((matcher) => (matcher instanceof RegExp ? matcher.test(text) : matcher(text)));

/*
 * Word groups per language. An order request names what the shopper wants done (return it,
 * change the address, send the confirmation again, where is it); a status request may also be an
 * order word with a status word ("注文はどこ", "ออเดอร์ถึงไหนแล้ว"). General questions (the return
 * policy, how many days delivery takes) stay with the shop's knowledge.
 */

/** The shopper's own order: "my order", "注文した", "ออเดอร์ของฉัน", "我的訂單", "pesanan saya", "đơn hàng của tôi", "제 주문". */
const MY_ORDER = anyOf(
  words('my (?:order|package|parcel|purchase|delivery|shipment)s?', 'pesanan(?:ku| saya| aku| gue)', 'pesananku', 'paket(?:ku| saya)'),
  words('don(?: hang)? cua (?:toi|minh|em|tui)', 'hang cua (?:toi|minh|em)'),
  anywhere(
    '(?:私|わたし|僕|ぼく)の(?:注文|荷物)',
    '注文した',
    '(?:คำสั่งซื้อ|ออเดอร์|พัสดุ)(?:ของ)?(?:ฉัน|ผม|หนู|เรา|ดิฉัน|เค้า)',
    'ของที่สั่ง',
    'ที่สั่งไป',
    '我的(?:訂單|订单|包裹|快遞|快递)',
    '我(?:買|买|訂|订)的',
    '(?:제|내|저의|나의) ?주문',
    '주문한',
  ),
);

/** General questions: a policy, how long delivery usually takes, what the shop does. */
const POLICY = anyOf(
  words('polic(?:y|ies)', 'terms', 'kebijakan', 'syarat', 'ketentuan', 'chinh sach', 'quy dinh', 'dieu kien'),
  anywhere('ポリシー', '規約', '規定', '条件', 'นโยบาย', 'เงื่อนไข', '政策', '规定', '條款', '条款', '정책', '규정', '약관'),
);
const GENERAL = anyOf(
  words(
    'how long',
    'how many days',
    'usually',
    'normally',
    'typically',
    'do you',
    'can you',
    'berapa (?:lama|hari)',
    'biasanya',
    'umumnya',
    'bao lau',
    'may ngay',
    'thuong',
    'thong thuong',
  ),
  anywhere(
    '何日',
    '日数',
    'どのくらい',
    'どれくらい',
    '通常',
    '普通',
    'กี่วัน',
    'ปกติ',
    'ใช้เวลา',
    '幾天',
    '几天',
    '多久',
    '一般',
    '며칠',
    '얼마나',
    '보통',
  ),
);
/** Requests no built-in action does (cancel an order): left to the shop's knowledge and its people. */
const OTHER_REQUEST = anyOf(
  words('cancel(?:l?ed|l?ing|lation)?', 'batal(?:kan)?', 'pembatalan', 'huy(?: don)?'),
  anywhere('キャンセル', '取り消', 'ยกเลิก', '取消', '취소'),
);

const STATUS_STRONG = anyOf(
  words(
    'track(?:ing)? (?:my|the|an?|order|package|parcel|shipment)',
    'tracking(?: number| link| code| info)?',
    'order status',
    'status of (?:my|the|an) order',
    "where(?:'s| is| are) (?:my|the) (?:order|package|parcel|shipment|delivery|stuff)",
    'cek resi',
    'lacak',
    'nomor resi',
    'no resi',
    'status pesanan',
    'ma van don',
    '(?:tra cuu|kiem tra|theo doi|tinh trang|trang thai) don',
  ),
  anywhere(
    '配送状況',
    '配達状況',
    '注文状況',
    '発送状況',
    '追跡',
    '伝票番号',
    'お問い合わせ番号',
    'まだ届(?:か|い)',
    '届いていない',
    '届かない',
    'เลขพัสดุ',
    'ติดตามพัสดุ',
    'เช็[คก]พัสดุ',
    'ของ(?:ถึง|อยู่)ไหน',
    'ยังไม่ได้รับ(?:ของ|สินค้า|พัสดุ)',
    '查(?:訂單|订单|物流|快遞|快递)',
    '(?:物流|訂單|订单)(?:查詢|查询|狀態|状态)',
    '追蹤',
    '追踪',
    '運單號',
    '运单号',
    '快遞單號',
    '快递单号',
    '(?:還|还)(?:沒|没)收到',
    '배송 ?조회',
    '주문 ?조회',
    '배송 ?상태',
    '주문 ?상태',
    '주문 ?배송',
    '운송장',
    '송장 ?번호',
  ),
  MY_ORDER,
);
const ORDER_WORD = anyOf(
  words(
    'orders?',
    'packages?',
    'parcels?',
    'shipments?',
    'deliver(?:y|ies)',
    'pesanan',
    'orderan',
    'paket',
    'kiriman',
    'don(?: hang)?',
    'kien hang',
    'goi hang',
    'buu kien',
  ),
  anywhere(
    '注文',
    'オーダー',
    '荷物',
    '購入した',
    '買った',
    '頼んだ',
    'คำสั่งซื้อ',
    'ออเดอร์',
    'พัสดุ',
    'ของที่สั่ง',
    'สินค้าที่สั่ง',
    '訂單',
    '订单',
    '包裹',
    '快遞',
    '快递',
    '貨',
    '货',
    '東西',
    '东西',
    '주문',
    '택배',
    '물건',
  ),
);
const STATUS_WORD = anyOf(
  words(
    'where',
    'status',
    'arrived?',
    'shipped',
    'delivered',
    'received?',
    'dispatched',
    'when will',
    'update on',
    'still waiting',
    'not (?:come|arrived|received)',
    'lost',
    'di ?mana',
    'sampai',
    'dikirim',
    'kapan',
    'belum (?:datang|terima|diterima|nyampe|tiba)',
    'posisi',
    'o dau',
    'den dau',
    'toi dau',
    'tinh trang',
    'trang thai',
    'khi nao',
    'bao gio',
    'da giao',
    'chua (?:giao|nhan|toi|den)',
  ),
  anywhere(
    '到哪',
    '在哪',
    'どこ',
    '状況',
    '届',
    '発送され',
    '発送済',
    '到着',
    'いつ',
    'ถึงไหน',
    'อยู่ไหน',
    'สถานะ',
    'ติดตาม',
    'เช็[คก]',
    'ตรวจสอบ',
    'ส่ง(?:ของ)?(?:หรือ)?ยัง',
    'ได้รับ',
    'ยังไม่(?:ได้|ถึง|มา)',
    'เมื่อไหร่',
    'เมื่อไร',
    '狀態',
    '状态',
    '查詢',
    '查询',
    '寄出',
    '出貨了',
    '出货了',
    '發貨了',
    '发货了',
    '收到',
    '什麼時候',
    '什么时候',
    '到了嗎',
    '到了吗',
    '進度',
    '进度',
    '어디',
    '상태',
    '조회',
    '언제',
    '도착',
    '발송',
    '출고',
    '못 ?받',
    '안 ?왔',
    '왔나요',
    '오나요',
  ),
);

const RETURN_WANTED = anyOf(
  words(
    '(?:want|wanna|like|need|wish|trying|try|going) to (?:return|exchange|send (?:it|them|this|these|that) back)',
    'start (?:a |the )?return',
    'make (?:a )?return',
    'request (?:a )?return',
    'open (?:a )?return',
    'return request',
    '(?:return|exchange|send back) (?:my|this|these|it|them|that|the order|order|an order|the item)',
    '(?:mau|ingin|pengen|pingin|minta|tolong|ajukan|mengajukan|ajuin)(?: \\p{L}+)? (?:retur|return|kembalikan|mengembalikan|balikin|tukar)',
    'pengajuan retur',
    '(?:muon|can|xin|yeu cau|dang ky|cho (?:toi|minh|em))(?: \\p{L}+){0,2} (?:doi tra|tra hang|tra lai|doi hang|hoan tra)',
  ),
  anywhere(
    '返品(?:し(?:たい|てほしい|て(?:ください|下さい|もらえ|いただ))|を?(?:お願い|希望|申請|申し込|依頼|手続き?を?(?:したい|お願い))|します)',
    '返送したい',
    '交換(?:したい|を?希望|を?お願い|して(?:ください|ほしい))',
    '(?:อยาก|ขอ|ต้องการ|จะ|แจ้ง)(?:ทำ(?:การ)?)?(?:คืน(?:สินค้า|ของ)?|ส่ง(?:สินค้า|ของ)?คืน|เปลี่ยน(?:สินค้า|ของ)|เคลม)',
    '(?:要|想|想要|希望|申請|申请|辦理|办理|要求)(?:退貨|退货|退換|退换|換貨|换货|退回)',
    '退貨申請',
    '退货申请',
    '(?:반품|교환)(?:하고 ?싶|할게|할래|해 ?주세요|신청|요청|접수|하려|원해)',
  ),
);
const RETURN_WORDS = [
  words('returns?', 'exchange', 'retur', 'pengembalian', 'doi tra', 'tra hang', 'hoan hang'),
  anywhere(
    '返品',
    '返送',
    '交換',
    'คืนสินค้า',
    'คืนของ',
    'ส่งคืน',
    'เปลี่ยนสินค้า',
    'เคลม',
    '退貨',
    '退货',
    '退換貨',
    '退换货',
    '換貨',
    '换货',
    '반품',
    '교환',
  ),
];
const RETURN_WORD = anyOf(...RETURN_WORDS);

/** Politeness and filler around a one-word request ("退貨", "đổi trả ạ", "คืนสินค้าค่ะ", "retur kak"). */
const FILLER = [
  new RegExp(words('please', 'pls', 'kak', 'ka', 'min', 'gan', 'ya', 'dong', 'a', 'nhe', 'shop', 'ad').source, 'giu'),
  /ค่ะ|คะ|ครับ|นะ|จ้า|です|ます|お願い(?:します)?|したい|希望|谢谢|謝謝|요|해요|합니다/gu,
];
/** A one-word request: the topic with at most this many other letters around it. */
const SHORT_REQUEST_LETTERS = 4;

/** A message that is the return word and little else ("退貨", "đổi trả", "반품"). */
function isReturnWordAlone(text: string): boolean {
  let rest = text;
  for (const pattern of [...RETURN_WORDS.map((word) => new RegExp(word.source, 'giu')), ...FILLER]) rest = rest.replace(pattern, ' ');
  return (rest.match(/\p{L}/gu) ?? []).length <= SHORT_REQUEST_LETTERS;
}

const ADDRESS_CHANGE = anyOf(
  words(
    '(?:change|update|correct|fix|edit|modify)(?: \\p{L}+){0,3} (?:shipping |delivery )?address',
    'wrong (?:shipping |delivery )?address',
    'address (?:change|update|correction)',
    'new (?:shipping |delivery )?address',
    '(?:ship|send|deliver) (?:it )?to (?:a )?(?:different|new|another) address',
    '(?:ganti|ubah|perbarui|update|koreksi|revisi|benerin)(?: \\p{L}+)? alamat',
    'alamat (?:salah|baru)',
    'salah alamat',
    '(?:doi|thay doi|sua|cap nhat|chinh sua)(?: \\p{L}+)? dia chi',
    'sai dia chi',
    'dia chi (?:moi|sai)',
  ),
  anywhere(
    '(?:住所|届け先|配送先|送り先)(?:を|の)?(?:変更|修正|訂正|変え|直)',
    '住所(?:が|を)間違',
    '別の住所',
    '(?:เปลี่ยน|แก้ไข|แก้)(?:ที่อยู่|ที่จัดส่ง)',
    'ที่อยู่ผิด',
    'ที่อยู่ใหม่',
    '(?:改|更改|修改|變更|变更|更換|更换|換|换)(?:收件|收貨|收货|寄送|送貨|送货|配送)?地址',
    '地址(?:寫|写|填|打)?(?:錯|错)',
    '新地址',
    '(?:주소|배송지)(?:를|가)? ?(?:변경|바꾸|바꿔|수정|잘못)',
    '새 ?주소',
  ),
);

const CONFIRMATION_WORD = anyOf(
  words('confirmation', 'receipt', 'order e-?mail', 'invoice', 'konfirmasi', 'struk', 'xac nhan', 'hoa don'),
  anywhere(
    '確認メール',
    '注文確認',
    '受付メール',
    '購入確認',
    '注文メール',
    'ยืนยัน',
    'ใบเสร็จ',
    '確認信',
    '確認郵件',
    '确认邮件',
    '确认信',
    '訂單確認',
    '订单确认',
    '확인 ?(?:메일|이메일)',
    '주문 ?확인',
    '영수증',
  ),
);
const SEND_AGAIN = anyOf(
  words(
    're-?send',
    'send (?:it |me )?(?:again|another)',
    'send me (?:the |a )?(?:new |another )?(?:confirmation|receipt)',
    "(?:didn't|did not|never|haven't|have not|not) (?:get|got|receive|received|gotten)",
    'kirim(?:kan)? (?:ulang|lagi)',
    '(?:belum|tidak|gak|nggak|ga) (?:terima|dapat|masuk|nerima)',
    'gui lai',
    '(?:chua|khong) nhan',
  ),
  anywhere(
    '再送',
    '再発行',
    'もう一度',
    '届かない',
    '届いていない',
    '来ない',
    '来ていない',
    '受け取っていない',
    '見当たらない',
    'ส่งใหม่',
    'ส่งอีกครั้ง',
    'ส่งอีกรอบ',
    'ไม่ได้รับ',
    '重寄',
    '重發',
    '重发',
    '再寄',
    '再發',
    '再发',
    '重新',
    '(?:沒|没)收到',
    '재발송',
    '다시 ?보내',
    '재전송',
    '못 ?받',
    '안 ?왔',
    '오지 않',
    '받지 못',
  ),
);

/** The one-time code named, and asked for again ("I didn't get the code", "コードを再送して"). */
export const CODE_WORD = anyOf(
  words('code', 'otp', 'kode', 'ma (?:xac (?:nhan|minh)|otp)'),
  anywhere('コード', '認証番号', 'รหัส', '驗證碼', '验证码', '認證碼', '코드', '인증 ?번호'),
);
export const AGAIN = anyOf(
  words(
    'new',
    'another',
    'again',
    're-?send',
    "didn't (?:get|receive)",
    'not (?:get|received)',
    'baru',
    'lagi',
    'ulang',
    'belum',
    'moi',
    'lai',
    'chua',
  ),
  anywhere(
    '新しい',
    '再送',
    'もう一度',
    '届かない',
    '来ない',
    'ใหม่',
    'อีกครั้ง',
    'ไม่ได้รับ',
    '重新',
    '新的',
    '再',
    '(?:沒|没)收到',
    '다시',
    '새',
    '재발송',
    '못 ?받',
    '안 ?왔',
  ),
);

/** What an order message asks for, or null for any other message. */
export function orderIntentOf(message: string): OrderIntent | null {
  const text = folded(message);
  const ownOrder = MY_ORDER(text) || orderNumbersIn(text, false).length > 0;
  // A policy question about returns or addresses is the shop's knowledge to answer, unless it names an order.
  if (POLICY(text) && !orderNumbersIn(text, false).length) return null;
  if (OTHER_REQUEST(text)) return null;
  if (ADDRESS_CHANGE(text)) return 'addressChange';
  if (CONFIRMATION_WORD(text) && SEND_AGAIN(text) && !CODE_WORD(text)) return 'resendConfirmation';
  if (RETURN_WANTED(text) || (RETURN_WORD(text) && (ownOrder || isReturnWordAlone(text)))) return 'returns';
  if (STATUS_STRONG(text)) return 'status';
  if (ORDER_WORD(text) && STATUS_WORD(text) && !GENERAL(text)) return 'status';
  return null;
}
