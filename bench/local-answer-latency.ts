import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { assistants, passages, productRecords } from '../apps/server/src/db/schema';
import { answerTurn } from '../apps/server/src/domains/turns/answer-turn';
import { createTurnContext } from '../apps/server/src/domains/turns/turn-context';
import { parseEnv } from '../apps/server/src/env';
import { startWorkers } from '../apps/server/src/jobs/start-workers';
import { closeServices, createServices, type Services } from '../apps/server/src/services';
import { createAssistant } from '../apps/server/src/testing/assistants';
import { viewerToken } from '../apps/server/src/testing/graphql-client';
import { post, type UploadFile, uploadFiles, waitForFiles } from '../apps/server/src/testing/knowledge';
import { useRoomyTiers } from '../apps/server/src/testing/roomy-tiers';
import type { TestApp } from '../apps/server/src/testing/test-app';
import { seededRandom } from './seeded-random';
import { percentile } from './server-process';

/**
 * The built-in `local:extractive` model answering shoppers in Japanese, Thai and English from one
 * shop of 10,000 passages (FAQ sections and a product list in the three languages, generated
 * here, our own words), through the same turn path as local-answers.ts (`answerTurn`, retrieval
 * and the product records included), in-process on the embedded PGlite on disk:
 * - the time from asking to the first streamed token (`text-delta`), p50/p95 over ~200 questions,
 *   a third in each language, after 20 warm-up questions. Goal: p95 under 50 ms.
 * - the resident memory the language resources add once loaded: a fresh process opens the same
 *   data directory, answers 20 English questions, then its first Japanese and first Thai answers;
 *   RSS and V8 heap after a forced garbage collection at each step.
 */

type Language = 'en' | 'ja' | 'th';
const LANGUAGES: Language[] = ['en', 'ja', 'th'];

/** Product names: a line, a kind and a colour or scent, in each language. */
const NAMES: Record<Language, { lines: string[]; kinds: string[]; variants: string[] }> = {
  en: {
    lines: ['Harbor', 'Meadow', 'Summit', 'Willow', 'Ember', 'Tide', 'Orchard', 'Granite', 'Saffron', 'Juniper'],
    kinds: [
      'Tote Bag',
      'Linen Shirt',
      'Ceramic Mug',
      'Wool Scarf',
      'Rain Jacket',
      'Face Serum',
      'Sunscreen',
      'Teapot',
      'Candle',
      'Backpack',
    ],
    variants: ['Navy', 'Oat', 'Sage', 'Rust', 'Charcoal', 'Lavender', 'Cedar', 'Citrus'],
  },
  ja: {
    lines: ['さくら', 'やまなみ', 'こもれび', 'しずく', 'あおぞら', 'ゆずは', 'つむぎ', 'はるか', 'みなも', 'ひなた'],
    kinds: [
      'トートバッグ',
      'リネンシャツ',
      '湯のみ',
      'ウールマフラー',
      'レインコート',
      '美容液',
      '日焼け止め',
      '急須',
      'キャンドル',
      'リュック',
    ],
    variants: ['藍色', '生成り', '抹茶色', '桜色', '墨色', 'ラベンダー', 'ひのき', 'ゆず'],
  },
  th: {
    lines: ['ใบบัว', 'ดาวเรือง', 'มะลิ', 'ทะเลใส', 'ฟ้าคราม', 'ขมิ้น', 'ลำดวน', 'ชบา', 'ตะไคร้', 'พิกุล'],
    kinds: ['กระเป๋าผ้า', 'เสื้อลินิน', 'แก้วเซรามิก', 'ผ้าพันคอ', 'เสื้อกันฝน', 'เซรั่ม', 'ครีมกันแดด', 'กาน้ำชา', 'เทียนหอม', 'เป้สะพายหลัง'],
    variants: ['สีกรม', 'สีครีม', 'สีเขียวเสจ', 'สีอิฐ', 'สีถ่าน', 'กลิ่นลาเวนเดอร์', 'กลิ่นซีดาร์', 'กลิ่นส้ม'],
  },
};

/** FAQ sections: a heading and sentences with numbers that vary, per topic and language. */
const FAQ: Record<Language, ((n: number) => { heading: string; text: string })[]> = {
  en: [
    (n) => ({
      heading: `Returns for order group ${n}`,
      text: `Unworn items from order group ${n} can be returned within ${(n % 4) * 7 + 14} days of delivery. Refunds reach your card within ${(n % 5) + 3} business days.`,
    }),
    (n) => ({
      heading: `Shipping to zone ${n}`,
      text: `Orders to zone ${n} ship within ${(n % 3) + 1} business days. Shipping is free over $${(n % 9) * 10 + 40}.`,
    }),
    (n) => ({
      heading: `Care guide ${n}`,
      text: `Wash the pieces of collection ${n} at ${(n % 3) * 10 + 30} degrees and dry them flat. Do not tumble dry.`,
    }),
    (n) => ({
      heading: `Gift wrapping option ${n}`,
      text: `Gift wrapping style ${n} costs $${(n % 6) + 3} and includes a handwritten card.`,
    }),
  ],
  ja: [
    (n) => ({
      heading: `返品について（注文グループ${n}）`,
      text: `注文グループ${n}の未使用の商品は、お届けから${(n % 4) * 7 + 14}日以内であれば返品できます。返金は${(n % 5) + 3}営業日以内にカードへ戻ります。`,
    }),
    (n) => ({
      heading: `配送について（地域${n}）`,
      text: `地域${n}へのご注文は${(n % 3) + 1}営業日以内に発送します。${(n % 9) * 1000 + 5000}円以上のご注文で送料無料です。`,
    }),
    (n) => ({
      heading: `お手入れ方法（コレクション${n}）`,
      text: `コレクション${n}の商品は${(n % 3) * 10 + 30}度以下の水で洗い、平らに干してください。乾燥機は使わないでください。`,
    }),
    (n) => ({
      heading: `ギフト包装（スタイル${n}）`,
      text: `ギフト包装スタイル${n}は${(n % 6) * 100 + 300}円で、手書きのメッセージカードが付きます。`,
    }),
  ],
  th: [
    (n) => ({
      heading: `การคืนสินค้า กลุ่มคำสั่งซื้อ ${n}`,
      text: `สินค้าที่ยังไม่ได้ใช้จากกลุ่มคำสั่งซื้อ ${n} คืนได้ภายใน ${(n % 4) * 7 + 14} วันหลังได้รับสินค้า เงินคืนจะเข้าบัตรภายใน ${(n % 5) + 3} วันทำการ`,
    }),
    (n) => ({
      heading: `การจัดส่ง พื้นที่ ${n}`,
      text: `คำสั่งซื้อไปยังพื้นที่ ${n} จัดส่งภายใน ${(n % 3) + 1} วันทำการ ส่งฟรีเมื่อซื้อครบ ${(n % 9) * 100 + 500} บาท`,
    }),
    (n) => ({
      heading: `วิธีดูแลสินค้า คอลเลกชัน ${n}`,
      text: `ซักสินค้าคอลเลกชัน ${n} ด้วยน้ำอุณหภูมิไม่เกิน ${(n % 3) * 10 + 30} องศา แล้วตากในแนวราบ ห้ามอบแห้งด้วยเครื่อง`,
    }),
    (n) => ({
      heading: `บริการห่อของขวัญ แบบที่ ${n}`,
      text: `ห่อของขวัญแบบที่ ${n} ราคา ${(n % 6) * 10 + 40} บาท พร้อมการ์ดเขียนด้วยลายมือ`,
    }),
  ],
};

const PRODUCT_HEADER: Record<Language, string> = {
  en: 'name,price,size,description',
  ja: '商品名,価格,サイズ,説明',
  th: 'ชื่อสินค้า,ราคา,ขนาด,รายละเอียด',
};

const describe = (language: Language, kind: string, variant: string, n: number) =>
  language === 'en'
    ? `The ${kind.toLowerCase()} in ${variant.toLowerCase()} is made in small batches. Item ${n} ships in recycled packaging.`
    : language === 'ja'
      ? `${variant}の${kind}は少量ずつ丁寧に作っています。商品${n}は再生紙の箱でお届けします。`
      : `${kind}${variant}ผลิตทีละน้อยอย่างพิถีพิถัน สินค้าหมายเลข ${n} จัดส่งในกล่องรีไซเคิล`;

interface ShopProduct {
  language: Language;
  name: string;
}

/**
 * The shop's files: `faqSections` FAQ sections in Markdown files of 100 sections and `productRows`
 * products in CSV files of 500 rows, a third of each in each language (one passage each).
 */
function shopFiles(faqSections: number, productRows: number): { files: UploadFile[]; products: ShopProduct[] } {
  const next = seededRandom(42);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const files: UploadFile[] = [];
  for (let start = 0; start < faqSections; start += 100) {
    const language = LANGUAGES[(start / 100) % 3] as Language;
    const sections = Array.from({ length: Math.min(100, faqSections - start) }, (_, i) => {
      const n = start + i;
      const { heading, text } = (FAQ[language][n % 4] as (n: number) => { heading: string; text: string })(n);
      return `## ${heading}\n\n${text}`;
    });
    files.push({
      fileName: `faq-${language}-${start / 100}.md`,
      contentType: 'text/markdown',
      bytes: `# FAQ\n\n${sections.join('\n\n')}\n`,
    });
  }
  const products: ShopProduct[] = [];
  for (let start = 0; start < productRows; start += 500) {
    const language = LANGUAGES[(start / 500) % 3] as Language;
    const rows: string[] = [];
    for (let i = 0; i < Math.min(500, productRows - start); i++) {
      const n = start + i;
      const names = NAMES[language];
      const kind = pick(names.kinds);
      const variant = pick(names.variants);
      const name = `${pick(names.lines)} ${kind} ${variant} ${n}`;
      const price = language === 'ja' ? 1000 + (n % 40) * 250 : language === 'th' ? 190 + (n % 40) * 30 : 9 + (n % 40) * 2;
      const size = `${(n % 5) * 50 + 50} ${language === 'en' ? 'ml' : language === 'ja' ? 'ml' : 'มล.'}`;
      rows.push(`"${name}",${price},${size},"${describe(language, kind, variant, n)}"`);
      products.push({ language, name });
    }
    files.push({
      fileName: `products-${language}-${start / 500}.csv`,
      contentType: 'text/csv',
      bytes: `${PRODUCT_HEADER[language]}\n${rows.join('\n')}\n`,
    });
  }
  return { files, products };
}

/** Shopper questions, in turn English, Japanese and Thai: prices of products, and the FAQ's topics. */
function shopperQuestions(
  products: ShopProduct[],
  faqSections: number,
  total: number,
  seed: number,
): { language: Language; question: string }[] {
  const next = seededRandom(seed);
  const of = (language: Language) => products.filter((product) => product.language === language);
  const byLanguage = { en: of('en'), ja: of('ja'), th: of('th') };
  const asks: Record<Language, ((name: string, n: number) => string)[]> = {
    en: [
      (name) => `How much is the ${name}?`,
      (name) => `What size is the ${name}?`,
      (_, n) => `How many days do I have to return items from order group ${n}?`,
      (_, n) => `When do orders to zone ${n} ship?`,
      (_, n) => `How should I wash collection ${n}?`,
    ],
    ja: [
      (name) => `${name}の値段はいくらですか？`,
      (name) => `${name}のサイズを教えてください。`,
      (_, n) => `注文グループ${n}の返品は何日以内ですか？`,
      (_, n) => `地域${n}にはいつ発送されますか？`,
      (_, n) => `コレクション${n}の洗い方を教えてください。`,
    ],
    th: [
      (name) => `${name}ราคาเท่าไหร่คะ`,
      (name) => `${name}ขนาดเท่าไหร่คะ`,
      (_, n) => `กลุ่มคำสั่งซื้อ ${n} คืนสินค้าได้ภายในกี่วันคะ`,
      (_, n) => `ส่งไปพื้นที่ ${n} กี่วันถึงคะ`,
      (_, n) => `คอลเลกชัน ${n} ซักยังไงคะ`,
    ],
  };
  return Array.from({ length: total }, (_, i) => {
    const language = LANGUAGES[i % 3] as Language;
    const list = byLanguage[language];
    const product = list[Math.floor(next() * list.length)] as ShopProduct;
    const kind = Math.floor(i / 3) % 5;
    // A section of the FAQ that exists, in this language (its file) and on this topic: n % 4.
    const file = (Math.floor(next() * Math.floor(faqSections / 300)) * 3 + LANGUAGES.indexOf(language)) % (faqSections / 100);
    const n = file * 100 + Math.floor(next() * 25) * 4 + (kind - 2);
    const ask = asks[language][kind] as (name: string, n: number) => string;
    return { language, question: ask(product.name, n) };
  });
}

const SCRIPT: Record<Language, RegExp> = { en: /[a-z]/i, ja: /[\u3040-\u30ff\u4e00-\u9fff]/, th: /[\u0e00-\u0e7f]/ };

/** The app as `npm start` runs it on the embedded default, its PGlite on disk in `dataDir` (as testing/test-app.ts, not in memory). */
async function startApp(dataDir: string, withApp: boolean): Promise<{ t: TestApp; services: Services }> {
  const env = parseEnv({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    PUBLIC_URL: 'http://aisle.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    DEFAULT_MODEL: 'local:extractive',
  });
  const logger = pino({ level: 'silent' });
  const services = await createServices({ env, logger });
  const app = withApp ? await buildApp({ services, fastify: { loggerInstance: logger } }) : undefined;
  if (app) {
    await app.ready();
    await useRoomyTiers(services.db);
    await startWorkers(services);
  }
  const t = {
    app: app as TestApp['app'],
    services,
    mails: [],
    async close() {
      await app?.close();
      await closeServices(services);
    },
  };
  return { t, services };
}

/** Asks one question through `answerTurn`; the milliseconds to its first streamed token, and the answer. */
async function ask(services: Services, assistant: typeof assistants.$inferSelect, storeId: string, question: string) {
  const ctx = { ...createTurnContext(services), models: { defaultModelId: 'local:extractive' } };
  const start = performance.now();
  let firstMs = Number.NaN;
  const answer = await answerTurn(
    ctx,
    pino({ level: 'silent' }),
    {
      assistant,
      ownerEmail: assistant.ownerEmail,
      modelId: 'local:extractive',
      storeIds: [storeId],
      messages: [{ role: 'user', content: question }],
      query: question,
      handoff: true,
    },
    (event) => {
      if (event.type === 'text-delta' && Number.isNaN(firstMs)) firstMs = performance.now() - start;
    },
  );
  return { firstMs, answer };
}

interface ShopIds {
  dataDir: string;
  faqSections: number;
  storeId: string;
  assistantId: string;
  products: ShopProduct[];
}

/** The fresh process's part: opens the shop, then measures memory around its first Japanese and Thai answers. */
async function languageMemory(shop: ShopIds) {
  const { dataDir, storeId, assistantId, products } = shop;
  const gc = (globalThis as { gc?: () => void }).gc;
  const sample = () => {
    gc?.();
    gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    return { rssMb: Number((rss / 1024 / 1024).toFixed(1)), heapUsedMb: Number((heapUsed / 1024 / 1024).toFixed(1)) };
  };
  const { t, services } = await startApp(dataDir, false);
  try {
    const [assistant] = await services.db.select().from(assistants).where(eq(assistants.id, assistantId));
    if (!assistant) throw new Error('no assistant in the copied shop');
    const questions = shopperQuestions(products, shop.faqSections, 300, 11);
    const of = (language: Language) => questions.filter((q) => q.language === language).map((q) => q.question);
    for (const question of of('en').slice(0, 20)) await ask(services, assistant, storeId, question);
    const afterEnglish = sample();
    const firstJa = await ask(services, assistant, storeId, of('ja')[0] as string);
    const afterFirstJapanese = sample();
    const firstTh = await ask(services, assistant, storeId, of('th')[0] as string);
    const afterFirstThai = sample();
    for (const question of [...of('ja').slice(1, 21), ...of('th').slice(1, 21)]) await ask(services, assistant, storeId, question);
    const afterFortyMore = sample();
    return {
      gcForced: gc !== undefined,
      afterTwentyEnglishAnswers: afterEnglish,
      afterFirstJapaneseAnswer: { ...afterFirstJapanese, firstTokenMs: Number(firstJa.firstMs.toFixed(2)) },
      afterFirstThaiAnswer: { ...afterFirstThai, firstTokenMs: Number(firstTh.firstMs.toFixed(2)) },
      afterFortyMoreJapaneseAndThai: afterFortyMore,
      languageResourcesRssMb: Number((afterFirstThai.rssMb - afterEnglish.rssMb).toFixed(1)),
      languageResourcesHeapMb: Number((afterFirstThai.heapUsedMb - afterEnglish.heapUsedMb).toFixed(1)),
    };
  } finally {
    await t.close();
  }
}

/** Runs `languageMemory` in a fresh Node process (tsx, `--expose-gc`) and reads its JSON line. */
function languageMemoryInFreshProcess(shop: ShopIds): Promise<unknown> {
  const file = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--expose-gc', '--import', import.meta.resolve('tsx'), file, '--language-memory'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(shop));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the memory process exited with ${code}: ${output.slice(-500)}`));
      const line = output.trim().split('\n').at(-1) ?? '';
      resolve(JSON.parse(line));
    });
  });
}

export async function localAnswerLatency(faqSections = 7_000, productRows = 3_000, questionCount = 201) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-bench-local-latency-'));
  try {
    const { t, services } = await startApp(dataDir, true);
    let shop: ShopIds;
    let latency: Record<string, unknown>;
    try {
      const owner = await viewerToken(t, 'latency@bench.test');
      const storeId = (await post(t, owner, '/api/store/create/', { name: 'Mixed shop', currency: 'USD' })).body?.id as string;
      const { files, products } = shopFiles(faqSections, productRows);
      const ingestStart = performance.now();
      for (let i = 0; i < files.length; i += 10) {
        await waitForFiles(t, (await uploadFiles(t, owner, storeId, files.slice(i, i + 10))).fileIds, 600_000);
      }
      const ingestSeconds = (performance.now() - ingestStart) / 1000;
      const assistantId = await createAssistant(t, owner, { assistantName: 'Mixed shop', model: 'local:extractive' });
      await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId });
      const [assistant] = await services.db.select().from(assistants).where(eq(assistants.id, assistantId));
      if (!assistant) throw new Error('no assistant');
      const [passageRows] = await services.db.select({ n: count() }).from(passages).where(eq(passages.storeId, storeId));
      const [productCount] = await services.db.select({ n: count() }).from(productRecords).where(eq(productRecords.storeId, storeId));

      const questions = shopperQuestions(products, faqSections, questionCount, 7);
      for (const { question } of shopperQuestions(products, faqSections, 21, 3)) await ask(services, assistant, storeId, question);
      const byLanguage: Record<Language, number[]> = { en: [], ja: [], th: [] };
      const inScript: Record<Language, number> = { en: 0, ja: 0, th: 0 };
      const unanswered: Record<Language, number> = { en: 0, ja: 0, th: 0 };
      for (const { language, question } of questions) {
        const { firstMs, answer } = await ask(services, assistant, storeId, question);
        byLanguage[language].push(firstMs);
        if (SCRIPT[language].test(answer.text)) inScript[language] += 1;
        if (answer.unanswered) unanswered[language] += 1;
      }
      const all = LANGUAGES.flatMap((language) => byLanguage[language]);
      const stats = (timings: number[]) => ({ questions: timings.length, p50Ms: percentile(timings, 50), p95Ms: percentile(timings, 95) });
      latency = {
        passages: passageRows?.n ?? 0,
        productRecords: productCount?.n ?? 0,
        ingestSeconds: Number(ingestSeconds.toFixed(1)),
        firstToken: {
          ...stats(all),
          maxMs: percentile(all, 100),
          byLanguage: Object.fromEntries(
            LANGUAGES.map((language) => [
              language,
              { ...stats(byLanguage[language]), answeredInItsScript: inScript[language], unanswered: unanswered[language] },
            ]),
          ),
        },
      };
      shop = { dataDir, faqSections, storeId, assistantId, products };
    } finally {
      await t.close();
    }
    // The database is closed: a fresh process opens the same data directory.
    const memory = await languageMemoryInFreshProcess(shop);
    const result = { bench: 'local-answer-latency', model: 'local:extractive', ...latency, memory, goalP95Ms: 50 };
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const run = process.argv.includes('--language-memory')
    ? (async () => {
        let input = '';
        for await (const chunk of process.stdin) input += chunk;
        return languageMemory(JSON.parse(input) as ShopIds);
      })()
    : localAnswerLatency();
  run
    .then((result) => console.log(JSON.stringify(result)))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
