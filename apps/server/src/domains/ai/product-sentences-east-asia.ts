import { type Condition, type ConditionWords, conditionText, type Labels, type ProductSentences, type Words } from './product-sentence-kit';

/* Product sentences in Japanese, Chinese (traditional and simplified) and Korean. */

const JA_CONDITIONS: ConditionWords = {
  price: (bound, price) => `${price}${bound === 'under' ? '以下' : '以上'}`,
  weight: (bound, text) => `${text}${bound === 'under' ? '以下' : '以上'}`,
  waterproof: '防水',
  people: (count) => `${count}人用`,
  without: (text) => `${text}不使用`,
  value: (label, value) => `${label}が${value}`,
};
const jaCondition = (c: Condition) => conditionText(JA_CONDITIONS, c);
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
  'shelfLife:1': '一番日持ちする',
  'shelfLife:-1': '一番日持ちしない',
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

export const ja: ProductSentences = {
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
  kindList: (kind, items) => `${kind}は${jaList(items)}がございます。`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${JA_WORDS[`${measure}:${direction}`]}${kind}は${jaList(winners)}です${detail ? `（${detail}）` : ''}。`,
  filtered: (kind, conditions, items) => `${conditions.map(jaCondition).join('・')}の${kind}は${jaList(items)}です。`,
  noneMatch: (kind, conditions) => `${conditions.map(jaCondition).join('・')}の${kind}はありません。`,
  waterproof: (title, yes) => (yes ? `はい、${title}は防水です。` : `いいえ、${title}は防水ではありません。`),
  fact: (title, kind, value) => `${title}の${JA_LABELS[kind]}は${value}です。`,
  people: (count) => `${count}人`,
};

/** Chinese, traditional or simplified: the same sentences in either script. */
export function chinese(traditional: boolean): ProductSentences {
  const t = (hant: string, hans: string) => (traditional ? hant : hans);
  const zhList = (items: string[]) => items.join('、');
  const condition = (c: Condition) =>
    conditionText(
      {
        price: (bound, price) => `${price}${bound === 'under' ? '以下' : '以上'}`,
        weight: (bound, text) => `${text}${bound === 'under' ? '以下' : '以上'}`,
        waterproof: '防水',
        people: (count) => `${count}人`,
        without: (text) => `不含${text}`,
        value: (label, value) => `${label}${t('為', '为')}${value}`,
      },
      c,
    );
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
    'shelfLife:1': t('保存最久', '保存最久'),
    'shelfLife:-1': t('保存最短', '保存最短'),
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
    kindList: (kind, items) => `${t('我們的', '我们的')}${kind}${t('有', '有')}：${zhList(items)}。`,
    superlative: (measure, direction, kind, winners, detail) =>
      `${words[`${measure}:${direction}`]}的${kind}是${zhList(winners)}${detail ? `（${detail}）` : ''}。`,
    filtered: (kind, conditions, items) => `${conditions.map(condition).join('、')}的${kind}有：${zhList(items)}。`,
    noneMatch: (kind, conditions) => `${t('沒有', '没有')}${conditions.map(condition).join('、')}的${kind}。`,
    waterproof: (title, yes) => (yes ? `${title}${t('有防水功能', '有防水功能')}。` : `${title}不防水。`),
    fact: (title, kind, value) => `${title}的${labels[kind]}是${value}。`,
    people: (count) => `${count}人`,
  };
}

const KO_CONDITIONS: ConditionWords = {
  price: (bound, price) => `${price} ${bound === 'under' ? '이하' : '이상'}`,
  weight: (bound, text) => `${text} ${bound === 'under' ? '이하' : '이상'}`,
  waterproof: '방수',
  people: (count) => `${count}인용`,
  without: (text) => `${text} 무첨가`,
  value: (label, value) => `${label} ${value}`,
};
const koCondition = (c: Condition) => conditionText(KO_CONDITIONS, c);
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
  'shelfLife:1': '가장 오래 보관할 수 있는',
  'shelfLife:-1': '보관 기간이 가장 짧은',
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

export const ko: ProductSentences = {
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
  kindList: (kind, items) => `${kind} 상품은 다음과 같습니다: ${koList(items)}.`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${KO_WORDS[`${measure}:${direction}`]} ${kind}: ${koList(winners)}${detail ? ` (${detail})` : ''}.`,
  filtered: (kind, conditions, items) => `${conditions.map(koCondition).join(', ')} ${kind}: ${koList(items)}.`,
  noneMatch: (kind, conditions) => `${conditions.map(koCondition).join(', ')} ${kind}이(가) 없습니다.`,
  waterproof: (title, yes) => (yes ? `네, ${title} 방수가 됩니다.` : `아니요, ${title} 방수가 되지 않습니다.`),
  fact: (title, kind, value) => `${title}의 ${KO_LABELS[kind]}: ${value}.`,
  people: (count) => `${count}명`,
};
