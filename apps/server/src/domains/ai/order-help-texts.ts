import type { OrderHelpAction, OrderNotPossibleReason } from '@aisle/contracts/commerce';
import type { ShopperLanguage } from './shopper-language';

/*
 * What the built-in model says in an order conversation (local-order-help.ts), one object per
 * shopper language, for a translator to edit in place. `{name}` is filled when the text is used.
 * None of them repeats a one-time code, and none says "I couldn't find" or its translations: a
 * lookup that matched nothing is not a question the shop left unanswered (turns/handoff.ts).
 */

/** What the shopper wants done: one of the built-in order actions. */
export type OrderIntent = OrderHelpAction;
export type OrderDetail = 'orderNumber' | 'contact' | 'address';
export type NotPossibleReason = OrderNotPossibleReason;
export type OrderState = 'cancelled' | 'delivered' | 'outForDelivery' | 'inTransit' | 'shipped' | 'partlyShipped' | 'preparing';

export interface OrderHelpTexts {
  /** Between two sentences: a space, or nothing in Chinese and Japanese. */
  space: string;
  /** What the assistant offers, before it asks for what it needs. */
  intro: Record<OrderIntent, string>;
  /** {need}: the details missing, joined with listSeparator and lastSeparator. */
  askFor: string;
  need: Record<OrderDetail, string>;
  listSeparator: string;
  lastSeparator: string;
  /** {sentTo}: the masked address the tool returned (j•••@example.com). */
  codeSent: string;
  codeWrong: string;
  codeExpired: string;
  tooManyTries: string;
  /** The same whether the order does not exist or the e-mail or phone does not match it. */
  notFound: string;
  /** {minutes}: minutesText or oneMinute. */
  rateLimited: string;
  rateLimitedLater: string;
  minutes: string;
  oneMinute: string;
  unavailable: string;
  /** {order}: the order's name as the store returned it (#1001). */
  state: Record<OrderState, string>;
  /** {items}: the items, each itemQuantity, joined with itemSeparator. */
  items: string;
  itemQuantity: string;
  itemSeparator: string;
  trackingCompanyNumber: string;
  trackingNumber: string;
  trackingCompany: string;
  /** {url}: the tracking link, verbatim and last (nothing may stick to it). */
  trackingLink: string;
  doneReturn: string;
  doneReturnNamed: string;
  doneAddress: string;
  doneConfirmation: string;
  notPossible: Record<NotPossibleReason, string>;
}

const en: OrderHelpTexts = {
  space: ' ',
  intro: {
    status: 'I can check on your order.',
    returns: 'I can start a return for you.',
    addressChange: "I can change your order's shipping address.",
    resendConfirmation: 'I can send your order confirmation again.',
  },
  askFor: 'Please tell me {need}.',
  need: {
    orderNumber: 'your order number',
    contact: 'the e-mail address (or phone number) you ordered with',
    address: 'the new address (street, city, postcode and country)',
  },
  listSeparator: ', ',
  lastSeparator: ' and ',
  codeSent: "To make sure it's you, I've sent a 6-digit code to {sentTo}. Please type the code here.",
  codeWrong: "That code doesn't match. Please check it and type it again (tries left: {triesLeft}).",
  codeExpired: "That code has expired. Tell me again what you'd like to do and I'll send a new code.",
  tooManyTries: 'That code was entered wrongly too many times. Please start again later, or contact the shop.',
  notFound: "There's no order matching that order number and e-mail address (or phone number). Please check both and try again.",
  rateLimited: 'There have been too many tries. Please try again in {minutes}.',
  rateLimitedLater: 'There have been too many tries. Please try again later.',
  minutes: '{n} minutes',
  oneMinute: '1 minute',
  unavailable:
    "I can't reach the store's orders right now. Please try again later, or ask for a person and someone from the team will help.",
  state: {
    cancelled: 'Order {order} was cancelled.',
    delivered: 'Order {order} has been delivered.',
    outForDelivery: 'Order {order} is out for delivery.',
    inTransit: 'Order {order} has shipped and is on its way.',
    shipped: 'Order {order} has shipped.',
    partlyShipped: 'Part of order {order} has shipped.',
    preparing: "Order {order} hasn't shipped yet: it is being prepared.",
  },
  items: 'Items: {items}.',
  itemQuantity: '{title} × {quantity}',
  itemSeparator: ', ',
  trackingCompanyNumber: 'Carrier: {company}, tracking number {number}.',
  trackingNumber: 'Tracking number: {number}.',
  trackingCompany: 'Carrier: {company}.',
  trackingLink: 'Track it here: {url}',
  doneReturn: "I've started a return for order {order}. The shop will review it and contact you by e-mail.",
  doneReturnNamed: "I've started a return for order {order} (return {returnName}). The shop will review it and contact you by e-mail.",
  doneAddress: 'The shipping address of order {order} has been changed.',
  doneConfirmation: "I've sent the confirmation of order {order} again, to the e-mail address on the order.",
  notPossible: {
    outside_return_window:
      "This order is past the store's return window, so a return can't be started here. Ask for a person if you'd like someone from the team to look at it.",
    already_fulfilled: "This order has already shipped, so its address can't be changed any more.",
    already_returned: 'A return has already been started for this order.',
    not_fulfilled:
      "Nothing from this order has shipped yet, so there's nothing to return. Ask for a person if you'd like to change or cancel it.",
    cancelled: "This order was cancelled, so that can't be done.",
  },
};

const ja: OrderHelpTexts = {
  space: '',
  intro: {
    status: 'ご注文の状況をお調べします。',
    returns: '返品のお手続きを承ります。',
    addressChange: 'お届け先住所の変更を承ります。',
    resendConfirmation: 'ご注文確認メールを再送いたします。',
  },
  askFor: '{need}を教えてください。',
  need: {
    orderNumber: '注文番号',
    contact: 'ご注文時のメールアドレス（または電話番号）',
    address: '新しいお届け先の住所（郵便番号・都道府県・市区町村・番地・国）',
  },
  listSeparator: '、',
  lastSeparator: 'と、',
  codeSent: 'ご本人確認のため、{sentTo} に6桁の確認コードをお送りしました。届いたコードをこちらに入力してください。',
  codeWrong: '確認コードが正しくありません。ご確認のうえ、もう一度入力してください（残り{triesLeft}回）。',
  codeExpired: '確認コードの有効期限が切れました。ご希望のお手続きをもう一度お知らせいただければ、新しいコードをお送りします。',
  tooManyTries: '確認コードの入力回数が上限に達しました。しばらくしてから最初からお試しいただくか、ショップへ直接お問い合わせください。',
  notFound: 'その注文番号とメールアドレス（または電話番号）に一致するご注文はありません。両方をご確認のうえ、もう一度お試しください。',
  rateLimited: '試行回数が多すぎます。{minutes}ほどしてから、もう一度お試しください。',
  rateLimitedLater: '試行回数が多すぎます。しばらくしてから、もう一度お試しください。',
  minutes: '{n}分',
  oneMinute: '1分',
  unavailable:
    'ただいまストアの注文情報に接続できません。しばらくしてからもう一度お試しいただくか、担当者をご希望の旨お知らせいただければ、スタッフが対応いたします。',
  state: {
    cancelled: 'ご注文{order}はキャンセルされています。',
    delivered: 'ご注文{order}はお届け済みです。',
    outForDelivery: 'ご注文{order}は配達中です。',
    inTransit: 'ご注文{order}は発送済みで、現在輸送中です。',
    shipped: 'ご注文{order}は発送済みです。',
    partlyShipped: 'ご注文{order}は一部の商品が発送済みです。',
    preparing: 'ご注文{order}はまだ発送されておらず、発送の準備中です。',
  },
  items: 'ご注文の商品：{items}',
  itemQuantity: '{title} ×{quantity}',
  itemSeparator: '、',
  trackingCompanyNumber: '配送業者：{company}、お問い合わせ番号：{number}',
  trackingNumber: 'お問い合わせ番号：{number}',
  trackingCompany: '配送業者：{company}',
  trackingLink: '配送状況はこちら：{url}',
  doneReturn: 'ご注文{order}の返品を受け付けました。ショップが内容を確認し、メールでご連絡します。',
  doneReturnNamed: 'ご注文{order}の返品を受け付けました（返品番号：{returnName}）。ショップが内容を確認し、メールでご連絡します。',
  doneAddress: 'ご注文{order}のお届け先住所を変更しました。',
  doneConfirmation: 'ご注文{order}の確認メールを、ご注文時のメールアドレスへ再送しました。',
  notPossible: {
    outside_return_window:
      'このご注文は返品受付期間を過ぎているため、ここでは返品のお手続きができません。担当者をご希望の旨お知らせいただければ、スタッフが確認いたします。',
    already_fulfilled: 'このご注文はすでに発送済みのため、お届け先住所を変更できません。',
    already_returned: 'このご注文はすでに返品のお手続きが始まっています。',
    not_fulfilled:
      'このご注文はまだ発送されていないため、返品のお手続きはできません。変更やキャンセルをご希望の場合は、担当者にお申し付けください。',
    cancelled: 'このご注文はキャンセルされているため、お手続きができません。',
  },
};

const th: OrderHelpTexts = {
  space: ' ',
  intro: {
    status: 'ตรวจสอบสถานะคำสั่งซื้อให้ได้ค่ะ',
    returns: 'ช่วยเริ่มเรื่องคืนสินค้าให้ได้ค่ะ',
    addressChange: 'ช่วยเปลี่ยนที่อยู่จัดส่งของคำสั่งซื้อให้ได้ค่ะ',
    resendConfirmation: 'ส่งอีเมลยืนยันคำสั่งซื้อให้อีกครั้งได้ค่ะ',
  },
  askFor: 'รบกวนแจ้ง{need}ด้วยค่ะ',
  need: {
    orderNumber: 'เลขที่คำสั่งซื้อ',
    contact: 'อีเมล (หรือเบอร์โทรศัพท์) ที่ใช้สั่งซื้อ',
    address: 'ที่อยู่ใหม่ (บ้านเลขที่ ถนน เขต/อำเภอ จังหวัด รหัสไปรษณีย์ และประเทศ)',
  },
  listSeparator: ' ',
  lastSeparator: ' และ',
  codeSent: 'เพื่อยืนยันตัวตน ได้ส่งรหัส 6 หลักไปที่ {sentTo} แล้วค่ะ กรุณาพิมพ์รหัสที่ได้รับในแชทนี้ค่ะ',
  codeWrong: 'รหัสไม่ถูกต้องค่ะ กรุณาตรวจสอบแล้วพิมพ์ใหม่อีกครั้ง (เหลืออีก {triesLeft} ครั้ง)',
  codeExpired: 'รหัสหมดอายุแล้วค่ะ กรุณาแจ้งเรื่องที่ต้องการอีกครั้ง แล้วจะส่งรหัสใหม่ให้ค่ะ',
  tooManyTries: 'ใส่รหัสผิดเกินจำนวนครั้งที่กำหนดแล้วค่ะ กรุณาเริ่มใหม่ภายหลัง หรือติดต่อร้านโดยตรงค่ะ',
  notFound: 'ไม่มีคำสั่งซื้อที่ตรงกับเลขที่คำสั่งซื้อและอีเมล (หรือเบอร์โทรศัพท์) นี้ค่ะ กรุณาตรวจสอบทั้งสองอย่างแล้วลองใหม่อีกครั้งค่ะ',
  rateLimited: 'มีการลองหลายครั้งเกินไปค่ะ กรุณาลองใหม่อีกครั้งในอีก {minutes}ค่ะ',
  rateLimitedLater: 'มีการลองหลายครั้งเกินไปค่ะ กรุณาลองใหม่อีกครั้งภายหลังค่ะ',
  minutes: '{n} นาที',
  oneMinute: '1 นาที',
  unavailable: 'ขณะนี้ยังเชื่อมต่อระบบคำสั่งซื้อของร้านไม่ได้ค่ะ กรุณาลองใหม่ภายหลัง หรือขอคุยกับพนักงาน แล้วทีมงานจะช่วยดูแลให้ค่ะ',
  state: {
    cancelled: 'คำสั่งซื้อ {order} ถูกยกเลิกแล้วค่ะ',
    delivered: 'คำสั่งซื้อ {order} จัดส่งถึงแล้วค่ะ',
    outForDelivery: 'คำสั่งซื้อ {order} กำลังนำส่งถึงผู้รับค่ะ',
    inTransit: 'คำสั่งซื้อ {order} จัดส่งแล้ว และอยู่ระหว่างขนส่งค่ะ',
    shipped: 'คำสั่งซื้อ {order} จัดส่งแล้วค่ะ',
    partlyShipped: 'คำสั่งซื้อ {order} จัดส่งแล้วบางส่วนค่ะ',
    preparing: 'คำสั่งซื้อ {order} ยังไม่ได้จัดส่ง กำลังเตรียมสินค้าอยู่ค่ะ',
  },
  items: 'สินค้า: {items}',
  itemQuantity: '{title} × {quantity}',
  itemSeparator: ', ',
  trackingCompanyNumber: 'ขนส่ง: {company} เลขพัสดุ: {number}',
  trackingNumber: 'เลขพัสดุ: {number}',
  trackingCompany: 'ขนส่ง: {company}',
  trackingLink: 'ติดตามพัสดุได้ที่: {url}',
  doneReturn: 'เริ่มเรื่องคืนสินค้าของคำสั่งซื้อ {order} แล้วค่ะ ร้านจะตรวจสอบและติดต่อกลับทางอีเมลค่ะ',
  doneReturnNamed: 'เริ่มเรื่องคืนสินค้าของคำสั่งซื้อ {order} แล้วค่ะ (เลขที่การคืนสินค้า {returnName}) ร้านจะตรวจสอบและติดต่อกลับทางอีเมลค่ะ',
  doneAddress: 'เปลี่ยนที่อยู่จัดส่งของคำสั่งซื้อ {order} เรียบร้อยแล้วค่ะ',
  doneConfirmation: 'ส่งอีเมลยืนยันคำสั่งซื้อ {order} ไปที่อีเมลที่ใช้สั่งซื้ออีกครั้งแล้วค่ะ',
  notPossible: {
    outside_return_window: 'คำสั่งซื้อนี้เลยระยะเวลารับคืนสินค้าแล้ว จึงเริ่มเรื่องคืนสินค้าที่นี่ไม่ได้ค่ะ หากต้องการ ขอคุยกับพนักงานได้เลยค่ะ',
    already_fulfilled: 'คำสั่งซื้อนี้จัดส่งไปแล้ว จึงเปลี่ยนที่อยู่ไม่ได้แล้วค่ะ',
    already_returned: 'คำสั่งซื้อนี้ได้เริ่มเรื่องคืนสินค้าไว้แล้วค่ะ',
    not_fulfilled: 'คำสั่งซื้อนี้ยังไม่ได้จัดส่ง จึงยังคืนสินค้าไม่ได้ค่ะ หากต้องการเปลี่ยนหรือยกเลิก ขอคุยกับพนักงานได้เลยค่ะ',
    cancelled: 'คำสั่งซื้อนี้ถูกยกเลิกแล้ว จึงดำเนินการไม่ได้ค่ะ',
  },
};

const zhHant: OrderHelpTexts = {
  space: '',
  intro: {
    status: '我可以幫您查詢訂單狀態。',
    returns: '我可以幫您申請退貨。',
    addressChange: '我可以幫您更改訂單的收件地址。',
    resendConfirmation: '我可以幫您重新寄送訂單確認信。',
  },
  askFor: '請告訴我{need}。',
  need: {
    orderNumber: '您的訂單編號',
    contact: '下單時使用的電子郵件（或電話號碼）',
    address: '新的收件地址（街道、城市、郵遞區號及國家）',
  },
  listSeparator: '、',
  lastSeparator: '和',
  codeSent: '為了確認是您本人，我已將 6 位數驗證碼寄到 {sentTo}，請在這裡輸入驗證碼。',
  codeWrong: '驗證碼不正確，請確認後再輸入一次（還剩 {triesLeft} 次）。',
  codeExpired: '驗證碼已過期。請再告訴我一次您要辦理的事項，我會寄送新的驗證碼。',
  tooManyTries: '驗證碼輸入錯誤次數過多。請稍後重新開始，或直接聯絡商店。',
  notFound: '沒有符合這個訂單編號和電子郵件（或電話號碼）的訂單。請確認兩者後再試一次。',
  rateLimited: '嘗試次數過多，請在 {minutes}後再試。',
  rateLimitedLater: '嘗試次數過多，請稍後再試。',
  minutes: '{n} 分鐘',
  oneMinute: '1 分鐘',
  unavailable: '目前無法連線到商店的訂單系統。請稍後再試，或要求真人客服，我們的團隊會協助您。',
  state: {
    cancelled: '訂單 {order} 已取消。',
    delivered: '訂單 {order} 已送達。',
    outForDelivery: '訂單 {order} 正在配送中，即將送達。',
    inTransit: '訂單 {order} 已出貨，正在運送中。',
    shipped: '訂單 {order} 已出貨。',
    partlyShipped: '訂單 {order} 已部分出貨。',
    preparing: '訂單 {order} 尚未出貨，正在備貨中。',
  },
  items: '商品：{items}',
  itemQuantity: '{title} × {quantity}',
  itemSeparator: '、',
  trackingCompanyNumber: '物流公司：{company}，追蹤編號：{number}',
  trackingNumber: '追蹤編號：{number}',
  trackingCompany: '物流公司：{company}',
  trackingLink: '追蹤貨件：{url}',
  doneReturn: '已為訂單 {order} 申請退貨。商店審核後會以電子郵件與您聯絡。',
  doneReturnNamed: '已為訂單 {order} 申請退貨（退貨編號：{returnName}）。商店審核後會以電子郵件與您聯絡。',
  doneAddress: '訂單 {order} 的收件地址已更改。',
  doneConfirmation: '已將訂單 {order} 的確認信重新寄到下單時使用的電子郵件。',
  notPossible: {
    outside_return_window: '這筆訂單已超過退貨期限，無法在這裡申請退貨。如有需要，可以要求真人客服協助。',
    already_fulfilled: '這筆訂單已出貨，無法再更改收件地址。',
    already_returned: '這筆訂單已經申請過退貨。',
    not_fulfilled: '這筆訂單尚未出貨，因此還無法退貨。如需修改或取消，可以要求真人客服協助。',
    cancelled: '這筆訂單已取消，無法辦理。',
  },
};

const zhHans: OrderHelpTexts = {
  space: '',
  intro: {
    status: '我可以帮您查询订单状态。',
    returns: '我可以帮您申请退货。',
    addressChange: '我可以帮您修改订单的收货地址。',
    resendConfirmation: '我可以帮您重新发送订单确认邮件。',
  },
  askFor: '请告诉我{need}。',
  need: {
    orderNumber: '您的订单号',
    contact: '下单时使用的邮箱（或手机号）',
    address: '新的收货地址（街道、城市、邮编和国家）',
  },
  listSeparator: '、',
  lastSeparator: '和',
  codeSent: '为了确认是您本人，我已将 6 位验证码发送到 {sentTo}，请在这里输入验证码。',
  codeWrong: '验证码不正确，请确认后重新输入（还剩 {triesLeft} 次）。',
  codeExpired: '验证码已过期。请再告诉我一次您要办理的事项，我会发送新的验证码。',
  tooManyTries: '验证码输错次数过多。请稍后重新开始，或直接联系商店。',
  notFound: '没有与这个订单号和邮箱（或手机号）相符的订单。请核对两者后再试一次。',
  rateLimited: '尝试次数过多，请在 {minutes}后再试。',
  rateLimitedLater: '尝试次数过多，请稍后再试。',
  minutes: '{n} 分钟',
  oneMinute: '1 分钟',
  unavailable: '目前无法连接到商店的订单系统。请稍后再试，或者要求人工客服，我们的团队会帮助您。',
  state: {
    cancelled: '订单 {order} 已取消。',
    delivered: '订单 {order} 已送达。',
    outForDelivery: '订单 {order} 正在派送中，即将送达。',
    inTransit: '订单 {order} 已发货，正在运输中。',
    shipped: '订单 {order} 已发货。',
    partlyShipped: '订单 {order} 已部分发货。',
    preparing: '订单 {order} 尚未发货，正在备货中。',
  },
  items: '商品：{items}',
  itemQuantity: '{title} × {quantity}',
  itemSeparator: '、',
  trackingCompanyNumber: '快递公司：{company}，运单号：{number}',
  trackingNumber: '运单号：{number}',
  trackingCompany: '快递公司：{company}',
  trackingLink: '查看物流：{url}',
  doneReturn: '已为订单 {order} 申请退货。商店审核后会通过邮件与您联系。',
  doneReturnNamed: '已为订单 {order} 申请退货（退货编号：{returnName}）。商店审核后会通过邮件与您联系。',
  doneAddress: '订单 {order} 的收货地址已修改。',
  doneConfirmation: '已将订单 {order} 的确认邮件重新发送到下单时使用的邮箱。',
  notPossible: {
    outside_return_window: '这笔订单已超过退货期限，无法在这里申请退货。如有需要，可以要求人工客服协助。',
    already_fulfilled: '这笔订单已发货，无法再修改收货地址。',
    already_returned: '这笔订单已经申请过退货。',
    not_fulfilled: '这笔订单尚未发货，因此还无法退货。如需修改或取消，可以要求人工客服协助。',
    cancelled: '这笔订单已取消，无法办理。',
  },
};

const id: OrderHelpTexts = {
  space: ' ',
  intro: {
    status: 'Saya bisa cek status pesanan Anda.',
    returns: 'Saya bisa bantu mengajukan retur.',
    addressChange: 'Saya bisa bantu mengganti alamat pengiriman pesanan Anda.',
    resendConfirmation: 'Saya bisa mengirim ulang email konfirmasi pesanan Anda.',
  },
  askFor: 'Mohon beri tahu {need}.',
  need: {
    orderNumber: 'nomor pesanan Anda',
    contact: 'email (atau nomor telepon) yang dipakai saat memesan',
    address: 'alamat baru (jalan, kota, kode pos, dan negara)',
  },
  listSeparator: ', ',
  lastSeparator: ' dan ',
  codeSent: 'Untuk memastikan ini memang Anda, saya sudah mengirim kode 6 digit ke {sentTo}. Silakan ketik kodenya di sini.',
  codeWrong: 'Kodenya tidak cocok. Silakan periksa lalu ketik ulang (sisa percobaan: {triesLeft}).',
  codeExpired: 'Kodenya sudah kedaluwarsa. Silakan sampaikan lagi permintaan Anda, nanti saya kirim kode baru.',
  tooManyTries: 'Kode salah dimasukkan terlalu sering. Silakan mulai lagi nanti, atau hubungi toko langsung.',
  notFound:
    'Tidak ada pesanan yang cocok dengan nomor pesanan dan email (atau nomor telepon) tersebut. Silakan periksa keduanya lalu coba lagi.',
  rateLimited: 'Terlalu banyak percobaan. Silakan coba lagi dalam {minutes}.',
  rateLimitedLater: 'Terlalu banyak percobaan. Silakan coba lagi nanti.',
  minutes: '{n} menit',
  oneMinute: '1 menit',
  unavailable:
    'Saat ini sistem pesanan toko belum bisa dihubungi. Silakan coba lagi nanti, atau minta bicara dengan admin dan tim kami akan membantu.',
  state: {
    cancelled: 'Pesanan {order} dibatalkan.',
    delivered: 'Pesanan {order} sudah sampai.',
    outForDelivery: 'Pesanan {order} sedang diantar kurir ke alamat Anda.',
    inTransit: 'Pesanan {order} sudah dikirim dan sedang dalam perjalanan.',
    shipped: 'Pesanan {order} sudah dikirim.',
    partlyShipped: 'Sebagian pesanan {order} sudah dikirim.',
    preparing: 'Pesanan {order} belum dikirim dan sedang disiapkan.',
  },
  items: 'Barang: {items}.',
  itemQuantity: '{title} × {quantity}',
  itemSeparator: ', ',
  trackingCompanyNumber: 'Kurir: {company}, nomor resi {number}.',
  trackingNumber: 'Nomor resi: {number}.',
  trackingCompany: 'Kurir: {company}.',
  trackingLink: 'Lacak paket di sini: {url}',
  doneReturn: 'Pengajuan retur untuk pesanan {order} sudah dibuat. Toko akan meninjaunya dan menghubungi Anda lewat email.',
  doneReturnNamed:
    'Pengajuan retur untuk pesanan {order} sudah dibuat (nomor retur {returnName}). Toko akan meninjaunya dan menghubungi Anda lewat email.',
  doneAddress: 'Alamat pengiriman pesanan {order} sudah diganti.',
  doneConfirmation: 'Email konfirmasi pesanan {order} sudah dikirim ulang ke email yang dipakai saat memesan.',
  notPossible: {
    outside_return_window:
      'Pesanan ini sudah melewati batas waktu retur, jadi retur tidak bisa diajukan di sini. Kalau perlu, minta bicara dengan admin.',
    already_fulfilled: 'Pesanan ini sudah dikirim, jadi alamatnya tidak bisa diganti lagi.',
    already_returned: 'Retur untuk pesanan ini sudah pernah diajukan.',
    not_fulfilled:
      'Pesanan ini belum dikirim, jadi belum bisa diretur. Jika ingin mengubah atau membatalkannya, silakan minta bicara dengan admin.',
    cancelled: 'Pesanan ini sudah dibatalkan, jadi tidak bisa diproses.',
  },
};

const vi: OrderHelpTexts = {
  space: ' ',
  intro: {
    status: 'Tôi có thể kiểm tra đơn hàng giúp bạn.',
    returns: 'Tôi có thể giúp bạn tạo yêu cầu đổi trả.',
    addressChange: 'Tôi có thể giúp bạn đổi địa chỉ giao hàng của đơn.',
    resendConfirmation: 'Tôi có thể gửi lại email xác nhận đơn hàng cho bạn.',
  },
  askFor: 'Bạn vui lòng cho tôi biết {need}.',
  need: {
    orderNumber: 'mã đơn hàng',
    contact: 'email (hoặc số điện thoại) bạn đã dùng khi đặt hàng',
    address: 'địa chỉ mới (số nhà, đường, thành phố, mã bưu chính và quốc gia)',
  },
  listSeparator: ', ',
  lastSeparator: ' và ',
  codeSent: 'Để xác minh đúng là bạn, tôi đã gửi mã gồm 6 chữ số đến {sentTo}. Bạn vui lòng nhập mã vào đây.',
  codeWrong: 'Mã chưa đúng. Bạn vui lòng kiểm tra và nhập lại (còn {triesLeft} lần thử).',
  codeExpired: 'Mã đã hết hạn. Bạn vui lòng nhắn lại yêu cầu, tôi sẽ gửi mã mới.',
  tooManyTries: 'Mã đã bị nhập sai quá nhiều lần. Bạn vui lòng bắt đầu lại sau, hoặc liên hệ trực tiếp với cửa hàng.',
  notFound: 'Không có đơn hàng nào khớp với mã đơn hàng và email (hoặc số điện thoại) này. Bạn vui lòng kiểm tra lại cả hai rồi thử lại.',
  rateLimited: 'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau {minutes}.',
  rateLimitedLater: 'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau.',
  minutes: '{n} phút',
  oneMinute: '1 phút',
  unavailable:
    'Hiện tôi chưa kết nối được với hệ thống đơn hàng của cửa hàng. Bạn vui lòng thử lại sau, hoặc yêu cầu gặp nhân viên và đội ngũ cửa hàng sẽ hỗ trợ bạn.',
  state: {
    cancelled: 'Đơn hàng {order} đã bị hủy.',
    delivered: 'Đơn hàng {order} đã được giao.',
    outForDelivery: 'Đơn hàng {order} đang được giao đến bạn.',
    inTransit: 'Đơn hàng {order} đã được gửi đi và đang trên đường vận chuyển.',
    shipped: 'Đơn hàng {order} đã được gửi đi.',
    partlyShipped: 'Một phần của đơn hàng {order} đã được gửi đi.',
    preparing: 'Đơn hàng {order} chưa được gửi đi, cửa hàng đang chuẩn bị hàng.',
  },
  items: 'Sản phẩm: {items}.',
  itemQuantity: '{title} × {quantity}',
  itemSeparator: ', ',
  trackingCompanyNumber: 'Đơn vị vận chuyển: {company}, mã vận đơn {number}.',
  trackingNumber: 'Mã vận đơn: {number}.',
  trackingCompany: 'Đơn vị vận chuyển: {company}.',
  trackingLink: 'Theo dõi đơn hàng tại: {url}',
  doneReturn: 'Tôi đã tạo yêu cầu đổi trả cho đơn hàng {order}. Cửa hàng sẽ xem xét và liên hệ với bạn qua email.',
  doneReturnNamed:
    'Tôi đã tạo yêu cầu đổi trả cho đơn hàng {order} (mã đổi trả {returnName}). Cửa hàng sẽ xem xét và liên hệ với bạn qua email.',
  doneAddress: 'Địa chỉ giao hàng của đơn hàng {order} đã được thay đổi.',
  doneConfirmation: 'Tôi đã gửi lại email xác nhận của đơn hàng {order} đến email bạn dùng khi đặt hàng.',
  notPossible: {
    outside_return_window:
      'Đơn hàng này đã quá thời hạn đổi trả nên không thể tạo yêu cầu đổi trả tại đây. Nếu cần, bạn có thể yêu cầu gặp nhân viên.',
    already_fulfilled: 'Đơn hàng này đã được gửi đi nên không thể đổi địa chỉ nữa.',
    already_returned: 'Đơn hàng này đã có yêu cầu đổi trả.',
    not_fulfilled: 'Đơn hàng này chưa được gửi đi nên chưa thể đổi trả. Nếu muốn thay đổi hoặc hủy đơn, bạn có thể yêu cầu gặp nhân viên.',
    cancelled: 'Đơn hàng này đã bị hủy nên không thể thực hiện.',
  },
};

const ko: OrderHelpTexts = {
  space: ' ',
  intro: {
    status: '주문 상태를 확인해 드릴게요.',
    returns: '반품 신청을 도와드릴게요.',
    addressChange: '주문의 배송지 주소 변경을 도와드릴게요.',
    resendConfirmation: '주문 확인 메일을 다시 보내 드릴게요.',
  },
  // Listed after a colon: Korean particles change with the word before them.
  askFor: '다음을 알려 주세요: {need}.',
  need: {
    orderNumber: '주문번호',
    contact: '주문 시 사용한 이메일 주소(또는 전화번호)',
    address: '새 배송지 주소(도로명 주소, 도시, 우편번호, 국가)',
  },
  listSeparator: ', ',
  lastSeparator: ', ',
  codeSent: '본인 확인을 위해 {sentTo} 주소로 6자리 인증 코드를 보내 드렸어요. 받으신 코드를 여기에 입력해 주세요.',
  codeWrong: '인증 코드가 맞지 않아요. 확인하신 후 다시 입력해 주세요(남은 횟수: {triesLeft}회).',
  codeExpired: '인증 코드가 만료되었어요. 원하시는 요청을 다시 말씀해 주시면 새 코드를 보내 드릴게요.',
  tooManyTries: '인증 코드를 너무 여러 번 잘못 입력하셨어요. 나중에 처음부터 다시 시도하시거나 쇼핑몰에 직접 문의해 주세요.',
  notFound: '입력하신 주문번호와 이메일(또는 전화번호)에 일치하는 주문이 없어요. 두 가지를 모두 확인하신 후 다시 시도해 주세요.',
  rateLimited: '시도 횟수가 너무 많아요. {minutes} 후에 다시 시도해 주세요.',
  rateLimitedLater: '시도 횟수가 너무 많아요. 잠시 후 다시 시도해 주세요.',
  minutes: '{n}분',
  oneMinute: '1분',
  unavailable: '지금은 쇼핑몰의 주문 시스템에 연결할 수 없어요. 나중에 다시 시도하시거나, 상담원 연결을 요청하시면 팀에서 도와드릴게요.',
  state: {
    cancelled: '{order} 주문은 취소되었어요.',
    delivered: '{order} 주문은 배송이 완료되었어요.',
    outForDelivery: '{order} 주문은 배송 출발했어요. 곧 도착할 예정이에요.',
    inTransit: '{order} 주문은 발송되어 배송 중이에요.',
    shipped: '{order} 주문은 발송되었어요.',
    partlyShipped: '{order} 주문은 일부 상품이 발송되었어요.',
    preparing: '{order} 주문은 아직 발송 전이며 상품을 준비하고 있어요.',
  },
  items: '주문 상품: {items}',
  itemQuantity: '{title} × {quantity}',
  itemSeparator: ', ',
  trackingCompanyNumber: '택배사: {company}, 운송장 번호: {number}',
  trackingNumber: '운송장 번호: {number}',
  trackingCompany: '택배사: {company}',
  trackingLink: '배송 조회: {url}',
  doneReturn: '{order} 주문의 반품 신청이 접수되었어요. 쇼핑몰에서 확인한 후 이메일로 연락드릴 거예요.',
  doneReturnNamed: '{order} 주문의 반품 신청이 접수되었어요(반품 번호: {returnName}). 쇼핑몰에서 확인한 후 이메일로 연락드릴 거예요.',
  doneAddress: '{order} 주문의 배송지 주소가 변경되었어요.',
  doneConfirmation: '{order} 주문 확인 메일을 주문 시 사용한 이메일 주소로 다시 보냈어요.',
  notPossible: {
    outside_return_window: '이 주문은 반품 가능 기간이 지나 여기에서 반품을 신청할 수 없어요. 필요하시면 상담원 연결을 요청해 주세요.',
    already_fulfilled: '이 주문은 이미 발송되어 배송지 주소를 변경할 수 없어요.',
    already_returned: '이 주문은 이미 반품이 신청되어 있어요.',
    not_fulfilled: '이 주문은 아직 발송되지 않아 반품할 수 없어요. 변경이나 취소를 원하시면 상담원 연결을 요청해 주세요.',
    cancelled: '이 주문은 취소되어 처리할 수 없어요.',
  },
};

export const ORDER_HELP_TEXTS: Record<ShopperLanguage, OrderHelpTexts> = { en, ja, th, 'zh-Hant': zhHant, 'zh-Hans': zhHans, id, vi, ko };

/** A text's `{name}` places filled from params (once: a value's own braces stay as written). */
export const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (place, name: string) => (params[name] === undefined ? place : String(params[name])));
