import type { ProductRecord } from '@aisle/contracts/products';
import type { TestCaseInput, TestCaseKind, TestCaseOrigin } from '@aisle/contracts/test-suites';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assistantStores, files, passages, productRecords } from '../../db/schema';
import { detectLanguage, type ShopperLanguage } from '../ai';
import { HEADING_PATH_SEPARATOR, priceText } from '../knowledge';
import { CASE_TEXTS, fill } from './case-texts';
import { type FactKind, factKindOf, numericPhrase, sentencesOf, shortened } from './facts';

/** A case as generated, before it is stored. */
export interface GeneratedCase extends TestCaseInput {
  origin: TestCaseOrigin;
  source: string;
}

/** Products asked about at most (their price, an option or attribute); a big catalog gets a sample of it, in title order. */
const MAX_PRODUCTS = 40;
/** Sections of documents asked about at most. */
const MAX_SECTIONS = 60;
/** Comparisons and follow-up pairs made from the products. */
const COMPARISONS = 2;
const FOLLOW_UPS = 2;

/** A section of a document: the first passage of each heading of each file. */
interface Section {
  fileName: string;
  heading: string;
  text: string;
}

/** What the assistant knows, read for writing its cases: its stores' document sections and products. */
async function readKnowledge(db: Db, assistantId: string) {
  const storeIds = db.select({ id: assistantStores.storeId }).from(assistantStores).where(eq(assistantStores.assistantId, assistantId));
  const sectionRows = await db
    .select({
      fileName: files.fileName,
      heading: passages.heading,
      text: passages.text,
      fileId: passages.fileId,
      ordinal: passages.ordinal,
    })
    .from(passages)
    .innerJoin(files, eq(files.id, passages.fileId))
    .leftJoin(productRecords, eq(productRecords.passageId, passages.id))
    .where(and(inArray(passages.storeId, storeIds), isNull(productRecords.id), eq(files.status, 'ready')))
    .orderBy(asc(files.createdAt), asc(files.id), asc(passages.ordinal))
    .limit(2_000);
  const sections: Section[] = [];
  const seen = new Set<string>();
  for (const row of sectionRows) {
    const key = `${row.fileId}\u0000${row.heading}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sections.push({ fileName: row.fileName, heading: row.heading, text: row.text });
  }
  const products = await db
    .select({ record: productRecords.record, fileName: files.fileName })
    .from(productRecords)
    .innerJoin(files, eq(files.id, productRecords.fileId))
    .where(and(inArray(productRecords.storeId, storeIds), eq(files.status, 'ready')))
    .orderBy(asc(productRecords.title), asc(productRecords.id))
    .limit(MAX_PRODUCTS * 4);
  // One record per title: a product listed in two files is one product to a shopper.
  const byTitle = new Map<string, { record: ProductRecord; fileName: string }>();
  for (const product of products) if (!byTitle.has(product.record.title)) byTitle.set(product.record.title, product);
  return { sections: sections.slice(0, MAX_SECTIONS), products: [...byTitle.values()].slice(0, MAX_PRODUCTS) };
}

/** The store's language: what most of its text is written in (English when it cannot be told). */
export function storeLanguage(texts: string[]): ShopperLanguage {
  const votes = new Map<ShopperLanguage, number>();
  for (const text of texts) {
    const language = detectLanguage(text.slice(0, 400));
    if (language) votes.set(language, (votes.get(language) ?? 0) + Math.min(text.length, 400));
  }
  let best: ShopperLanguage = 'en';
  for (const [language, weight] of votes) if (weight > (votes.get(best) ?? 0)) best = language;
  return best;
}

/** Question framing around a heading's topic ("How long does shipping take?" → "shipping"), per script. */
const LEADING_ASK =
  /^(?:q[.:：]\s*|(?:how (?:long|much|many|do|does|can|to)|what(?:'s| is| are)?|when|where|which|who|can|could|do|does|is|are|will|should|may)\b\s*(?:(?:i|we|you|it|my|your|the|a|an|there|they)\b\s*)*)+/iu;
const TRAILING_ASK_EN = /\s*\b(?:take|cost|work|happen|be|have|get|do|available|possible)\b\s*$/iu;
const JA_PARTICLE = /^(.{2,}?)(?:は|を|が|って|について|に関して)/u;
const THAI_ASK = /(?:กี่วัน|เท่าไหร่|เท่าไร|ไหม|มั้ย|อะไร|ที่ไหน|อย่างไร|ยังไง|หรือไม่|ได้ไหม|ได้หรือไม่|ครับ|คะ|ค่ะ|บ้าง)+$/u;
const ZH_ASK = /(?:多少錢|多少钱|多久|幾天|几天|嗎|吗|呢|怎麼|怎么|如何|什麼|什么|哪裡|哪里|可以)+$/u;

/** The topic of a section, in the words of its heading or, without one, its file's name. */
export function topicOf(heading: string, fileName: string, language: ShopperLanguage): string {
  const last = heading.split(HEADING_PATH_SEPARATOR).at(-1)?.trim() ?? '';
  let topic = last.replace(/[?？!！。.:：]+$/u, '').trim();
  if (language === 'ja') topic = JA_PARTICLE.exec(topic)?.[1] ?? topic;
  else if (language === 'th') topic = topic.replace(THAI_ASK, '').trim();
  else if (language === 'zh-Hant' || language === 'zh-Hans') topic = topic.replace(ZH_ASK, '').trim();
  else {
    topic = topic.replace(LEADING_ASK, '').replace(TRAILING_ASK_EN, '').trim();
    // A heading that was all framing ("How does it work?") says nothing: the file's name does.
    if (topic && !/^[A-Z]{2,}/.test(topic)) topic = topic.charAt(0).toLowerCase() + topic.slice(1);
  }
  if (topic.length >= 2) return topic;
  return fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
}

/** The fact a right answer about a section contains: its first figure (with its unit), or its first sentence. */
function sectionFact(text: string): { expected: string; kind: FactKind } | null {
  const sentences = sentencesOf(text).filter((sentence) => sentence.length >= 4);
  const numeric = sentences.find((sentence) => /\d|[๐-๙]/.test(sentence.normalize('NFKC')) && factKindOf(sentence) !== 'about');
  if (numeric) {
    const phrase = numericPhrase(numeric.normalize('NFKC'));
    if (phrase) return { expected: phrase, kind: factKindOf(numeric) };
  }
  const first = sentences[0];
  return first ? { expected: shortened(first), kind: factKindOf(first) } : null;
}

/** A product's name as a shopper says it: its title without what follows a separator ("Trail Tent — 2P" → "Trail Tent"). */
const productName = (record: ProductRecord) => record.title.trim();

const caseOf = (
  language: ShopperLanguage,
  kind: TestCaseKind,
  question: string,
  expected: string,
  source: string,
  extra: Partial<GeneratedCase> = {},
): GeneratedCase => ({
  question,
  followUp: null,
  expected,
  expectRefusal: false,
  enabled: true,
  kind,
  language,
  origin: 'store',
  source,
  ...extra,
});

/**
 * An assistant's test cases written offline from its knowledge, in the store's language: one
 * question per document section (FAQ entries, policies), asked the way shoppers ask and expecting
 * the section's figure or first sentence; for each product its price and an option or attribute;
 * a few comparisons of two products' prices; follow-up pairs (a product named, then "how much is
 * it?"); and questions no store answers, where the right answer declines and offers a person.
 */
export async function generateCases(db: Db, assistantId: string): Promise<{ language: ShopperLanguage; cases: GeneratedCase[] }> {
  const { sections, products } = await readKnowledge(db, assistantId);
  const language = storeLanguage([
    ...sections.map((section) => section.text),
    ...products.map((product) => product.record.description || product.record.title),
  ]);
  const texts = CASE_TEXTS[language];
  const cases: GeneratedCase[] = [];

  for (const section of sections) {
    const fact = sectionFact(section.text);
    if (!fact) continue;
    const topic = topicOf(section.heading, section.fileName, language);
    const source = section.heading ? `${section.fileName} › ${section.heading}` : section.fileName;
    cases.push(caseOf(language, 'faq', fill(texts[fact.kind], { topic: capitalised(topic, fact.kind, texts) }), fact.expected, source));
  }

  const priced = products.filter(({ record }) => record.priceRange);
  for (const { record, fileName } of products) {
    const product = productName(record);
    const source = `${fileName} › ${record.title}`;
    if (record.priceRange) cases.push(caseOf(language, 'product', fill(texts.price, { product }), priceText(record), source));
    const option = record.options.find((candidate) => candidate.values.length >= 2 && candidate.name.toLowerCase() !== 'title');
    const attribute = record.attributes.find((candidate) => candidate.value.length <= 80);
    if (option) {
      const name = language === 'en' ? option.name.toLowerCase() : option.name;
      cases.push(caseOf(language, 'product', fill(texts.option, { product, option: name }), option.values.join(', '), source));
    } else if (attribute) {
      const name = language === 'en' ? attribute.name.toLowerCase() : attribute.name;
      cases.push(caseOf(language, 'product', fill(texts.attribute, { product, attribute: name }), attribute.value, source));
    }
  }

  // Comparisons of two products with different prices, and follow-ups that do not name the product again.
  const pairs: [ProductRecord, ProductRecord][] = [];
  for (let i = 0; i + 1 < priced.length && pairs.length < COMPARISONS; i += 2) {
    const a = priced[i]?.record;
    const b = priced[i + 1]?.record;
    if (a?.priceRange && b?.priceRange && Number(a.priceRange.min) !== Number(b.priceRange.min)) pairs.push([a, b]);
  }
  for (const [a, b] of pairs) {
    const cheaper = Number(a.priceRange?.min) < Number(b.priceRange?.min) ? a : b;
    cases.push(
      caseOf(
        language,
        'comparison',
        fill(texts.cheaper, { a: productName(a), b: productName(b) }),
        cheaper.title,
        `${a.title} / ${b.title}`,
      ),
    );
  }
  for (const { record, fileName } of priced.slice(-FOLLOW_UPS)) {
    cases.push(
      caseOf(
        language,
        'follow_up',
        fill(texts.tellMe, { product: productName(record) }),
        priceText(record),
        `${fileName} › ${record.title}`,
        {
          followUp: texts.howMuchIsIt,
        },
      ),
    );
  }

  if (sections.length || products.length) {
    for (const question of texts.unanswerable)
      cases.push(caseOf(language, 'unanswerable', question, '', 'generated', { expectRefusal: true }));
  }
  return { language, cases };
}

/** Where the topic opens the question, it is written as a sentence starts (Latin scripts). */
function capitalised(topic: string, kind: FactKind, texts: (typeof CASE_TEXTS)[ShopperLanguage]) {
  return texts[kind].startsWith('{topic}') ? topic.charAt(0).toUpperCase() + topic.slice(1) : topic;
}

/** Cases an assistant has, by question, for not writing the same one twice. */
export const questionKey = (question: string, followUp: string | null | undefined) =>
  `${question.normalize('NFKC').trim().toLowerCase()}\u0000${(followUp ?? '').normalize('NFKC').trim().toLowerCase()}`;
