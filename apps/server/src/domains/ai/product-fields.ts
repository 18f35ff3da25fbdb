import type { ProductRecord } from '@aisle/contracts/products';
import { attributeKindOf, labelOf } from '../knowledge';
import { termsOf } from './product-match';
import type { ProductSentences } from './product-sentences';
import type { ShopperLanguage } from './shopper-language';

/*
 * A product's options and columns that a question asks about: by the column's own name ("colors",
 * "roast level", "カラー"), by what the column holds whatever its language ("色" answers "what
 * colours"), and the sentence that says their values.
 */

export interface Field {
  name: string;
  values: string[];
}

/** Option or attribute names that ask for the same thing ("colour" for a "colors" column). */
const NAME_ALIASES: Record<string, string[]> = {
  color: ['colour', 'colours', 'colors', 'color'],
  size: ['sizes', 'size', 'fit'],
  category: ['category', 'type', 'kind'],
  material: ['material', 'made', 'fabric'],
};

/** Words asking for what a column holds, in every shopper language. */
const ASKS_FOR: Record<string, RegExp> = {
  color: /colou?rs?|色|カラー|สี(?:อะไร|ไหน|บ้าง)|กี่สี|มีสี|[顏颜]色|warna|màu|색/iu,
  size: /\bsizes?\b|サイズ|尺寸|尺[碼码]|ขนาด|ไซส์|ukuran|kích thước|kích cỡ|\bcỡ\b|사이즈|크기/iu,
  material: /material|素材|材質|材质|วัสดุ|ทำจาก|bahan|chất liệu|소재|재질/iu,
  volume: /capacity|volume|容量|内容量|ปริมาณ|ความจุ|\bisi\b|dung tích|용량/iu,
  category: /category|カテゴリ|分[類类]|[類类]別|หมวด|ประเภท|kategori|danh mục|카테고리|분류/iu,
  brand: /brand|ブランド|メーカー|品牌|แบรนด์|ยี่ห้อ|merek|merk|thương hiệu|브랜드/iu,
};

const ASCII = /^[\x20-\x7e]*$/;
const valuesOf = (value: string, separators: RegExp) =>
  value
    .split(separators)
    .map((item) => item.trim())
    .filter(Boolean);

/** What a field holds: color, size, material, volume, category, brand, or nothing known. */
const kindOf = (name: string): string | undefined => (name === 'category' || name === 'brand' ? name : attributeKindOf(name));

function fieldsOf(record: ProductRecord): Field[] {
  return [
    ...record.options.map((option) => ({ name: option.name, values: option.values })),
    // A plural column ("colors", "sizes") lists values; another ("origin": "Huila, Colombia") is one.
    // A column in another language lists values when it holds colours or sizes ("白、黒").
    ...record.attributes.map((attribute) => ({
      name: attribute.name,
      values: ASCII.test(attribute.name)
        ? /s$/i.test(attribute.name)
          ? valuesOf(attribute.value, /\s*[,;|]\s*/)
          : [attribute.value]
        : ['color', 'size'].includes(kindOf(attribute.name) ?? '')
          ? valuesOf(attribute.value, /\s*[,;|、，/／]\s*/)
          : [attribute.value],
    })),
    ...(record.productType ? [{ name: 'category', values: [record.productType] }] : []),
    ...(record.vendor ? [{ name: 'brand', values: [record.vendor] }] : []),
  ];
}

/** A column naming what a set holds: its contents (or volume) column listing two things or more, not a quantity. */
const CONTENTS_NAME = /contents|includes|included|内容|セット内容|ชุดประกอบ|ส่วนประกอบ|內容|组成|組成|\bisi\b|gồm|구성/iu;
const ITEM_SEPARATORS = /\s*(?:[・、,，／/+＋;；]|\band\b|と|และ)\s*/u;

/** The field listing what a set or box holds ("抹茶碗・茶筅・茶杓"), if the product has one. */
export function contentsField(record: ProductRecord): Field | undefined {
  for (const attribute of record.attributes) {
    if (kindOf(attribute.name) !== 'volume' && !CONTENTS_NAME.test(attribute.name)) continue;
    const items = valuesOf(attribute.value, ITEM_SEPARATORS);
    if (items.length >= 2 && items.some((item) => !/\d/.test(item))) return { name: attribute.name, values: items };
  }
  return undefined;
}

/** English, as before: the column's name (or an alias of it) is among the question's words. */
function namedInEnglish(question: Set<string>, field: Field): boolean {
  const terms = termsOf(labelOf(field.name));
  const aliases = Object.entries(NAME_ALIASES).flatMap(([key, names]) =>
    names.some((name) => terms.includes(termsOf(name)[0] ?? '')) ? termsOf([key, ...names].join(' ')) : [],
  );
  const all = new Set([...terms, ...aliases]);
  return terms.length > 0 && [...all].some((term) => question.has(term)) && terms.every((term) => all.has(term));
}

/** The options and attributes of a product whose names (or meaning) the question asks for. */
/** Shortest run of the product's name that counts as naming it inside a question. */
const MIN_NAME_RUN = 3;

/**
 * The question without the product's name as the shopper wrote it (the longest run of the title
 * it contains): "ชุดทดลองผิวใส…มีอะไรบ้าง" asks what is in the set, not its skin type, though
 * ผิว (skin) is in the name.
 */
export function withoutName(question: string, title: string): string {
  const text = question.normalize('NFKC').toLowerCase();
  const name = title.normalize('NFKC').toLowerCase();
  let best = { start: 0, length: 0 };
  // Longest common run, by dynamic programming over the two (short) strings.
  let previous = new Array<number>(name.length + 1).fill(0);
  for (let i = 1; i <= text.length; i++) {
    const current = new Array<number>(name.length + 1).fill(0);
    for (let j = 1; j <= name.length; j++) {
      if (text[i - 1] !== name[j - 1]) continue;
      const length = (previous[j - 1] ?? 0) + 1;
      current[j] = length;
      if (length > best.length) best = { start: i - length, length };
    }
    previous = current;
  }
  return best.length >= MIN_NAME_RUN ? `${text.slice(0, best.start)} ${text.slice(best.start + best.length)}` : text;
}

export function askedFields(named: string, lowerNamed: string, lang: ShopperLanguage, record: ProductRecord): Field[] {
  // What is asked about the product, beyond its name.
  const question = withoutName(named, record.title);
  const lower = withoutName(lowerNamed, record.title);
  const terms = new Set(termsOf(question));
  return fieldsOf(record).filter((field) => {
    if (namedInEnglish(terms, field)) return true;
    // Meaning across languages; English questions about English columns stay as they were.
    if (lang === 'en' && ASCII.test(field.name)) return false;
    // A column in another language named in the question as written ("産地" in "さみどりの産地は？").
    const name = field.name.normalize('NFKC').toLowerCase().trim();
    if (!ASCII.test(name) && name.length >= 2 && lower.normalize('NFKC').includes(name)) return true;
    const kind = kindOf(field.name);
    return kind !== undefined && (ASKS_FOR[kind]?.test(lower) ?? false);
  });
}

/**
 * "Does the Linen Shirt come in white?", "赤はありますか": the product's choices (an option, a listed
 * column) of which the question names a value whole, to answer with all of them ("comes in Blue and
 * White"), which answers the yes or no too.
 */
export function fieldsNamingValue(named: string, record: ProductRecord): Field[] {
  const terms = new Set(termsOf(withoutName(named, record.title)));
  return fieldsOf(record).filter(
    (field) =>
      field.values.length >= 2 &&
      field.values.some((value) => {
        const valueTerms = termsOf(value);
        return valueTerms.length > 0 && valueTerms.every((term) => terms.has(term));
      }),
  );
}

export function fieldSentence(say: ProductSentences, lang: ShopperLanguage, record: ProductRecord, field: Field): string {
  const label = labelOf(field.name).toLowerCase();
  const kind = kindOf(field.name) ?? (/^colou?rs?$/.test(label) ? 'color' : /^sizes?$/.test(label) ? 'size' : undefined);
  if (kind === 'color') return say.colours(record.title, field.values);
  if (kind === 'size') return say.sizes(record.title, field.values);
  if (label === 'category' || kind === 'category') return say.category(record.title, field.values[0] ?? '');
  return say.field(lang === 'en' || ASCII.test(field.name) ? label : field.name, record.title, field.values);
}
