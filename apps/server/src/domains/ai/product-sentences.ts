import type { ProductFactKind } from '@aisle/contracts/products';
import type { Measure } from './product-question';
import type { ShopperLanguage } from './shopper-language';

/*
 * The sentences of product answers in each shopper language. Titles, values and prices come in as
 * the store wrote them (prices already formatted for their currency); only the words around them
 * are ours. English is word for word what the answers said before there were other languages.
 */

/** A condition a filter answer states: a price bound, waterproof, for so many people. */
export type Condition =
  | { kind: 'price'; bound: 'under' | 'over'; price: string }
  | { kind: 'waterproof' }
  | { kind: 'people'; count: number };

export interface ProductSentences {
  /** "the Trail Tent" in English; the title alone elsewhere. */
  the(title: string): string;
  list(items: string[]): string;
  /** The word for products when the question names no kind. */
  products: string;
  colours(title: string, values: string[]): string;
  sizes(title: string, values: string[]): string;
  category(title: string, category: string): string;
  field(label: string, title: string, values: string[]): string;
  weight(title: string, weights: string[]): string;
  price(title: string, price: string): string;
  priceRange(title: string, low: string, high: string): string;
  inStock(title: string): string;
  soldOut(title: string): string;
  partlyInStock(title: string, inStock: string[], soldOut: string[]): string;
  inStockList(titles: string[]): string;
  superlative(measure: Measure, direction: 1 | -1, kind: string, winners: string[], detail: string): string;
  filtered(kind: string, conditions: Condition[], items: string[]): string;
  noneMatch(kind: string, conditions: Condition[]): string;
  waterproof(title: string, yes: boolean): string;
  fact(title: string, kind: LabelledFact, value: string): string;
  people(count: number): string;
}

const joinWith = (items: string[], comma: string, and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(comma)}${and}${items.at(-1)}`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
type Words = Record<`${Measure}:${1 | -1}`, string>;
/** Facts said as "the <label> of <title> is <value>"; waterproof has its own yes/no sentence. */
export type LabelledFact = Exclude<ProductFactKind, 'waterproof'>;
type Labels = Record<LabelledFact, string>;

const englishList = (items: string[]) => joinWith(items, ', ', ' and ');

function englishCondition(condition: Condition): string {
  if (condition.kind === 'price') return `cost ${condition.bound} ${condition.price}`;
  if (condition.kind === 'waterproof') return 'are waterproof';
  return `sleep ${condition.count}`;
}

const EN_LABELS: Labels = {
  weight: 'weight',
  volume: 'capacity',
  capacity: 'capacity',
  battery: 'battery life',
  power: 'power',
  brightness: 'brightness',
  spf: 'sun protection',
  shelfLife: 'shelf life',
  age: 'age range',
  dimensions: 'dimensions',
  material: 'material',
};

const en: ProductSentences = {
  the: (title) => `the ${title}`,
  list: englishList,
  products: 'products',
  colours: (title, values) => `The ${title} comes in ${englishList(values)}.`,
  sizes: (title, values) => `The ${title} comes in ${values.length > 1 ? 'sizes ' : ''}${englishList(values)}.`,
  category: (title, category) => `The ${title} is in our ${category} category.`,
  field: (label, title, values) => `The ${label} of the ${title} ${values.length > 1 ? 'options are' : 'is'} ${englishList(values)}.`,
  weight: (title, weights) => `The ${title} weighs ${englishList(weights)}.`,
  price: (title, price) => `The ${title} costs ${price}.`,
  priceRange: (title, low, high) => `The ${title} costs from ${low} to ${high}, depending on the option.`,
  inStock: (title) => `Yes, the ${title} is in stock.`,
  soldOut: (title) => `The ${title} is sold out at the moment.`,
  partlyInStock: (title, inStock, soldOut) =>
    `The ${title} is in stock in ${englishList(inStock)}; ${englishList(soldOut)} ${soldOut.length === 1 ? 'is' : 'are'} sold out.`,
  inStockList: (titles) => `In stock now: ${englishList(titles)}.`,
  superlative: (measure, direction, kind, winners, detail) => {
    const word = EN_WORDS[`${measure}:${direction}`];
    const verb = winners.length > 1 ? 'are' : 'is';
    return `The ${word} ${kind} ${verb} ${englishList(winners)}${detail ? `, ${detail}` : ''}.`;
  },
  filtered: (kind, conditions, items) =>
    `${items.length === 1 && conditions.length === 1 && conditions[0]?.kind === 'price' ? 'One' : 'These'} ${kind} ${conditions.map(englishCondition).join(' and ')}: ${englishList(items)}.`,
  noneMatch: (kind, conditions) => `None of our ${kind} ${conditions.map(englishCondition).join(' and ')}.`,
  waterproof: (title, yes) => (yes ? `Yes, the ${title} is waterproof.` : `No, the ${title} is not waterproof.`),
  fact: (title, kind, value) => `The ${EN_LABELS[kind]} of the ${title} is ${value}.`,
  people: (count) => `${count} ${count === 1 ? 'person' : 'people'}`,
};

const EN_WORDS: Words = {
  'weight:-1': 'lightest',
  'weight:1': 'heaviest',
  'price:-1': 'cheapest',
  'price:1': 'most expensive',
  'capacity:1': 'biggest',
  'capacity:-1': 'smallest',
  'battery:1': 'longest-lasting',
  'battery:-1': 'shortest-lasting',
  'brightness:1': 'brightest',
  'brightness:-1': 'dimmest',
  'power:1': 'most powerful',
  'power:-1': 'least powerful',
};

const jaCondition = (c: Condition) =>
  c.kind === 'price' ? `${c.price}${c.bound === 'under' ? '以下' : '以上'}` : c.kind === 'waterproof' ? '防水' : `${c.count}人用`;
const JA_WORDS: Words = {
  'weight:-1': '一番軽い',
  'weight:1': '一番重い',
  'price:-1': '一番安い',
  'price:1': '一番高い',
  'capacity:1': '一番大きい',
  'capacity:-1': '一番小さい',
  'battery:1': 'バッテリーが一番長持ちする',
  'battery:-1': 'バッテリーが一番短い',
  'brightness:1': '一番明るい',
  'brightness:-1': '一番暗い',
  'power:1': '一番パワフルな',
  'power:-1': '一番消費電力の少ない',
};
const JA_LABELS: Labels = {
  weight: '重さ',
  volume: '容量',
  capacity: '定員',
  battery: 'バッテリー持続時間',
  power: '消費電力',
  brightness: '明るさ',
  spf: '紫外線カット効果',
  shelfLife: '賞味期限',
  age: '対象年齢',
  dimensions: 'サイズ',
  material: '素材',
};
const jaList = (items: string[]) => items.join('、');

const ja: ProductSentences = {
  the: (title) => title,
  list: jaList,
  products: '商品',
  colours: (title, values) => `${title}のカラーは${jaList(values)}です。`,
  sizes: (title, values) => `${title}のサイズは${jaList(values)}です。`,
  category: (title, category) => `${title}は${category}カテゴリの商品です。`,
  field: (label, title, values) => `${title}の${label}は${jaList(values)}です。`,
  weight: (title, weights) => `${title}の重さは${jaList(weights)}です。`,
  price: (title, price) => `${title}の価格は${price}です。`,
  priceRange: (title, low, high) => `${title}の価格は${low}〜${high}です（オプションによって異なります）。`,
  inStock: (title) => `はい、${title}は在庫があります。`,
  soldOut: (title) => `${title}は現在売り切れです。`,
  partlyInStock: (title, inStock, soldOut) => `${title}は${jaList(inStock)}の在庫があります。${jaList(soldOut)}は売り切れです。`,
  inStockList: (titles) => `現在在庫があるのは${jaList(titles)}です。`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${JA_WORDS[`${measure}:${direction}`]}${kind}は${jaList(winners)}です${detail ? `（${detail}）` : ''}。`,
  filtered: (kind, conditions, items) => `${conditions.map(jaCondition).join('・')}の${kind}は${jaList(items)}です。`,
  noneMatch: (kind, conditions) => `${conditions.map(jaCondition).join('・')}の${kind}はありません。`,
  waterproof: (title, yes) => (yes ? `はい、${title}は防水です。` : `いいえ、${title}は防水ではありません。`),
  fact: (title, kind, value) => `${title}の${JA_LABELS[kind]}は${value}です。`,
  people: (count) => `${count}人`,
};

const thCondition = (c: Condition) =>
  c.kind === 'price'
    ? `ราคา${c.bound === 'under' ? 'ไม่เกิน' : 'ตั้งแต่'} ${c.price}`
    : c.kind === 'waterproof'
      ? 'กันน้ำ'
      : `สำหรับ ${c.count} คน`;
const TH_WORDS: Words = {
  'weight:-1': 'เบาที่สุด',
  'weight:1': 'หนักที่สุด',
  'price:-1': 'ถูกที่สุด',
  'price:1': 'แพงที่สุด',
  'capacity:1': 'ใหญ่ที่สุด',
  'capacity:-1': 'เล็กที่สุด',
  'battery:1': 'แบตเตอรี่ใช้งานได้นานที่สุด',
  'battery:-1': 'แบตเตอรี่ใช้งานได้สั้นที่สุด',
  'brightness:1': 'สว่างที่สุด',
  'brightness:-1': 'สว่างน้อยที่สุด',
  'power:1': 'กำลังไฟสูงที่สุด',
  'power:-1': 'กำลังไฟต่ำที่สุด',
};
const TH_LABELS: Labels = {
  weight: 'น้ำหนัก',
  volume: 'ปริมาณ',
  capacity: 'จำนวนผู้ใช้',
  battery: 'ระยะเวลาใช้งานแบตเตอรี่',
  power: 'กำลังไฟ',
  brightness: 'ความสว่าง',
  spf: 'ค่าการป้องกันแสงแดด',
  shelfLife: 'อายุการเก็บรักษา',
  age: 'อายุผู้ใช้',
  dimensions: 'ขนาด',
  material: 'วัสดุ',
};
const thList = (items: string[]) => joinWith(items, ', ', ' และ ');

const th: ProductSentences = {
  the: (title) => title,
  list: thList,
  products: 'สินค้า',
  colours: (title, values) => `${title} มีสี ${thList(values)}`,
  sizes: (title, values) => `${title} มีขนาด ${thList(values)}`,
  category: (title, category) => `${title} อยู่ในหมวดหมู่ ${category}`,
  field: (label, title, values) => `${label}ของ ${title} คือ ${thList(values)}`,
  weight: (title, weights) => `${title} มีน้ำหนัก ${thList(weights)}`,
  price: (title, price) => `${title} ราคา ${price}`,
  priceRange: (title, low, high) => `${title} ราคา ${low} ถึง ${high} ขึ้นอยู่กับตัวเลือก`,
  inStock: (title) => `${title} มีสินค้าพร้อมส่ง`,
  soldOut: (title) => `ขณะนี้ ${title} สินค้าหมด`,
  partlyInStock: (title, inStock, soldOut) => `${title} มีสินค้าแบบ ${thList(inStock)} ส่วน ${thList(soldOut)} สินค้าหมด`,
  inStockList: (titles) => `สินค้าที่มีพร้อมส่งตอนนี้: ${thList(titles)}`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${kind}ที่${TH_WORDS[`${measure}:${direction}`]}คือ ${thList(winners)}${detail ? ` (${detail})` : ''}`,
  filtered: (kind, conditions, items) => `${kind}ที่${conditions.map(thCondition).join(' และ')}: ${thList(items)}`,
  noneMatch: (kind, conditions) => `ไม่มี${kind}ที่${conditions.map(thCondition).join(' และ')}`,
  waterproof: (title, yes) => (yes ? `${title} กันน้ำได้` : `${title} ไม่กันน้ำ`),
  fact: (title, kind, value) => `${TH_LABELS[kind]}ของ ${title} คือ ${value}`,
  people: (count) => `${count} คน`,
};

/** Chinese, traditional or simplified: the same sentences in either script. */
function chinese(traditional: boolean): ProductSentences {
  const t = (hant: string, hans: string) => (traditional ? hant : hans);
  const zhList = (items: string[]) => items.join('、');
  const condition = (c: Condition) =>
    c.kind === 'price' ? `${c.price}${c.bound === 'under' ? '以下' : '以上'}` : c.kind === 'waterproof' ? '防水' : `${c.count}人`;
  const words: Words = {
    'weight:-1': t('最輕', '最轻'),
    'weight:1': '最重',
    'price:-1': '最便宜',
    'price:1': t('最貴', '最贵'),
    'capacity:1': '最大',
    'capacity:-1': '最小',
    'battery:1': t('續航最長', '续航最长'),
    'battery:-1': t('續航最短', '续航最短'),
    'brightness:1': '最亮',
    'brightness:-1': '最暗',
    'power:1': '功率最大',
    'power:-1': '功率最小',
  };
  const labels: Labels = {
    weight: '重量',
    volume: '容量',
    capacity: t('可容納人數', '可容纳人数'),
    battery: t('電池續航', '电池续航'),
    power: '功率',
    brightness: '亮度',
    spf: t('防曬係數', '防晒系数'),
    shelfLife: t('保存期限', '保质期'),
    age: t('適用年齡', '适用年龄'),
    dimensions: '尺寸',
    material: t('材質', '材质'),
  };
  return {
    the: (title) => title,
    list: zhList,
    products: t('商品', '商品'),
    colours: (title, values) => `${title}的${t('顏色', '颜色')}有：${zhList(values)}。`,
    sizes: (title, values) => `${title}的尺寸有：${zhList(values)}。`,
    category: (title, category) => `${title}${t('屬於', '属于')}${category}${t('類', '类')}。`,
    field: (label, title, values) => `${title}的${label}${t('是', '是')}${zhList(values)}。`,
    weight: (title, weights) => `${title}的重量${t('是', '是')}${zhList(weights)}。`,
    price: (title, price) => `${title}的${t('價格', '价格')}是${price}。`,
    priceRange: (title, low, high) => `${title}的${t('價格為', '价格为')}${low}至${high}，${t('依選項而定', '视选项而定')}。`,
    inStock: (title) => `${title}${t('目前有現貨', '目前有现货')}。`,
    soldOut: (title) => `${title}${t('目前已售完', '目前已售罄')}。`,
    partlyInStock: (title, inStock, soldOut) =>
      `${title}的${zhList(inStock)}${t('有現貨', '有现货')}，${zhList(soldOut)}${t('已售完', '已售罄')}。`,
    inStockList: (titles) => `${t('目前有現貨的是', '目前有现货的是')}：${zhList(titles)}。`,
    superlative: (measure, direction, kind, winners, detail) =>
      `${words[`${measure}:${direction}`]}的${kind}是${zhList(winners)}${detail ? `（${detail}）` : ''}。`,
    filtered: (kind, conditions, items) => `${conditions.map(condition).join('、')}的${kind}有：${zhList(items)}。`,
    noneMatch: (kind, conditions) => `${t('沒有', '没有')}${conditions.map(condition).join('、')}的${kind}。`,
    waterproof: (title, yes) => (yes ? `${title}${t('有防水功能', '有防水功能')}。` : `${title}不防水。`),
    fact: (title, kind, value) => `${title}的${labels[kind]}是${value}。`,
    people: (count) => `${count}人`,
  };
}

const idCondition = (c: Condition) =>
  c.kind === 'price'
    ? `dengan harga ${c.bound === 'under' ? 'di bawah' : 'di atas'} ${c.price}`
    : c.kind === 'waterproof'
      ? 'yang tahan air'
      : `untuk ${c.count} orang`;
const ID_WORDS: Words = {
  'weight:-1': 'paling ringan',
  'weight:1': 'paling berat',
  'price:-1': 'paling murah',
  'price:1': 'paling mahal',
  'capacity:1': 'paling besar',
  'capacity:-1': 'paling kecil',
  'battery:1': 'baterainya paling awet',
  'battery:-1': 'baterainya paling singkat',
  'brightness:1': 'paling terang',
  'brightness:-1': 'paling redup',
  'power:1': 'dayanya paling besar',
  'power:-1': 'dayanya paling kecil',
};
const ID_LABELS: Labels = {
  weight: 'Berat',
  volume: 'Isi',
  capacity: 'Kapasitas',
  battery: 'Daya tahan baterai',
  power: 'Daya',
  brightness: 'Kecerahan',
  spf: 'Perlindungan UV',
  shelfLife: 'Masa simpan',
  age: 'Usia pengguna',
  dimensions: 'Dimensi',
  material: 'Bahan',
};
const idList = (items: string[]) => joinWith(items, ', ', ' dan ');

const id: ProductSentences = {
  the: (title) => title,
  list: idList,
  products: 'produk',
  colours: (title, values) => `${title} tersedia dalam warna ${idList(values)}.`,
  sizes: (title, values) => `${title} tersedia dalam ukuran ${idList(values)}.`,
  category: (title, category) => `${title} termasuk kategori ${category}.`,
  field: (label, title, values) => `${capital(label)} ${title}: ${idList(values)}.`,
  weight: (title, weights) => `Berat ${title} adalah ${idList(weights)}.`,
  price: (title, price) => `Harga ${title} adalah ${price}.`,
  priceRange: (title, low, high) => `Harga ${title} mulai dari ${low} hingga ${high}, tergantung pilihan.`,
  inStock: (title) => `Ya, ${title} tersedia.`,
  soldOut: (title) => `${title} sedang habis.`,
  partlyInStock: (title, inStock, soldOut) => `${title} tersedia dalam ${idList(inStock)}; ${idList(soldOut)} sedang habis.`,
  inStockList: (titles) => `Tersedia sekarang: ${idList(titles)}.`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${capital(kind)} yang ${ID_WORDS[`${measure}:${direction}`]} adalah ${idList(winners)}${detail ? ` (${detail})` : ''}.`,
  filtered: (kind, conditions, items) => `${capital(kind)} ${conditions.map(idCondition).join(' dan ')}: ${idList(items)}.`,
  noneMatch: (kind, conditions) => `Tidak ada ${kind} ${conditions.map(idCondition).join(' dan ')}.`,
  waterproof: (title, yes) => (yes ? `Ya, ${title} tahan air.` : `Tidak, ${title} tidak tahan air.`),
  fact: (title, kind, value) => `${ID_LABELS[kind]} ${title} adalah ${value}.`,
  people: (count) => `${count} orang`,
};

const viCondition = (c: Condition) =>
  c.kind === 'price'
    ? `có giá ${c.bound === 'under' ? 'dưới' : 'trên'} ${c.price}`
    : c.kind === 'waterproof'
      ? 'chống nước'
      : `cho ${c.count} người`;
const VI_WORDS: Words = {
  'weight:-1': 'nhẹ nhất',
  'weight:1': 'nặng nhất',
  'price:-1': 'rẻ nhất',
  'price:1': 'đắt nhất',
  'capacity:1': 'lớn nhất',
  'capacity:-1': 'nhỏ nhất',
  'battery:1': 'có pin lâu nhất',
  'battery:-1': 'có pin ngắn nhất',
  'brightness:1': 'sáng nhất',
  'brightness:-1': 'tối nhất',
  'power:1': 'mạnh nhất',
  'power:-1': 'yếu nhất',
};
const VI_LABELS: Labels = {
  weight: 'Trọng lượng',
  volume: 'Dung tích',
  capacity: 'Sức chứa',
  battery: 'Thời lượng pin',
  power: 'Công suất',
  brightness: 'Độ sáng',
  spf: 'Chỉ số chống nắng',
  shelfLife: 'Hạn sử dụng',
  age: 'Độ tuổi',
  dimensions: 'Kích thước',
  material: 'Chất liệu',
};
const viList = (items: string[]) => joinWith(items, ', ', ' và ');

const vi: ProductSentences = {
  the: (title) => title,
  list: viList,
  products: 'sản phẩm',
  colours: (title, values) => `${title} có các màu ${viList(values)}.`,
  sizes: (title, values) => `${title} có các cỡ ${viList(values)}.`,
  category: (title, category) => `${title} thuộc danh mục ${category}.`,
  field: (label, title, values) => `${capital(label)} của ${title}: ${viList(values)}.`,
  weight: (title, weights) => `${title} nặng ${viList(weights)}.`,
  price: (title, price) => `${title} có giá ${price}.`,
  priceRange: (title, low, high) => `${title} có giá từ ${low} đến ${high}, tùy lựa chọn.`,
  inStock: (title) => `Có, ${title} đang còn hàng.`,
  soldOut: (title) => `${title} hiện đã hết hàng.`,
  partlyInStock: (title, inStock, soldOut) => `${title} còn hàng loại ${viList(inStock)}; ${viList(soldOut)} đã hết hàng.`,
  inStockList: (titles) => `Hiện còn hàng: ${viList(titles)}.`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${capital(kind)} ${VI_WORDS[`${measure}:${direction}`]} là ${viList(winners)}${detail ? ` (${detail})` : ''}.`,
  filtered: (kind, conditions, items) => `${capital(kind)} ${conditions.map(viCondition).join(' và ')}: ${viList(items)}.`,
  noneMatch: (kind, conditions) => `Không có ${kind} nào ${conditions.map(viCondition).join(' và ')}.`,
  waterproof: (title, yes) => (yes ? `Có, ${title} chống nước.` : `Không, ${title} không chống nước.`),
  fact: (title, kind, value) => `${VI_LABELS[kind]} của ${title} là ${value}.`,
  people: (count) => `${count} người`,
};

const koCondition = (c: Condition) =>
  c.kind === 'price' ? `${c.price} ${c.bound === 'under' ? '이하' : '이상'}` : c.kind === 'waterproof' ? '방수' : `${c.count}인용`;
const KO_WORDS: Words = {
  'weight:-1': '가장 가벼운',
  'weight:1': '가장 무거운',
  'price:-1': '가장 저렴한',
  'price:1': '가장 비싼',
  'capacity:1': '가장 큰',
  'capacity:-1': '가장 작은',
  'battery:1': '배터리가 가장 오래가는',
  'battery:-1': '배터리가 가장 짧은',
  'brightness:1': '가장 밝은',
  'brightness:-1': '가장 어두운',
  'power:1': '가장 강력한',
  'power:-1': '전력이 가장 낮은',
};
const KO_LABELS: Labels = {
  weight: '무게',
  volume: '용량',
  capacity: '수용 인원',
  battery: '배터리 사용 시간',
  power: '전력',
  brightness: '밝기',
  spf: '자외선 차단 지수',
  shelfLife: '유통기한',
  age: '사용 연령',
  dimensions: '크기',
  material: '소재',
};
const koList = (items: string[]) => items.join(', ');

const ko: ProductSentences = {
  the: (title) => title,
  list: koList,
  products: '상품',
  colours: (title, values) => `${title}의 색상: ${koList(values)}.`,
  sizes: (title, values) => `${title}의 사이즈: ${koList(values)}.`,
  category: (title, category) => `${title}의 카테고리: ${category}.`,
  field: (label, title, values) => `${title}의 ${label}: ${koList(values)}.`,
  weight: (title, weights) => `${title}의 무게: ${koList(weights)}.`,
  price: (title, price) => `${title}의 가격: ${price}.`,
  priceRange: (title, low, high) => `${title}의 가격: ${low}~${high} (옵션에 따라 다릅니다).`,
  inStock: (title) => `네, ${title} 재고가 있습니다.`,
  soldOut: (title) => `${title} 현재 품절입니다.`,
  partlyInStock: (title, inStock, soldOut) => `${title}: ${koList(inStock)} 재고 있음, ${koList(soldOut)} 품절.`,
  inStockList: (titles) => `현재 재고가 있는 상품: ${koList(titles)}.`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${KO_WORDS[`${measure}:${direction}`]} ${kind}: ${koList(winners)}${detail ? ` (${detail})` : ''}.`,
  filtered: (kind, conditions, items) => `${conditions.map(koCondition).join(', ')} ${kind}: ${koList(items)}.`,
  noneMatch: (kind, conditions) => `${conditions.map(koCondition).join(', ')} ${kind}이(가) 없습니다.`,
  waterproof: (title, yes) => (yes ? `네, ${title} 방수가 됩니다.` : `아니요, ${title} 방수가 되지 않습니다.`),
  fact: (title, kind, value) => `${title}의 ${KO_LABELS[kind]}: ${value}.`,
  people: (count) => `${count}명`,
};

const SENTENCES: Record<ShopperLanguage, ProductSentences> = {
  en,
  ja,
  th,
  'zh-Hant': chinese(true),
  'zh-Hans': chinese(false),
  id,
  vi,
  ko,
};

export const sentencesFor = (lang: ShopperLanguage): ProductSentences => SENTENCES[lang];
