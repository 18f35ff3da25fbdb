import type { SharedAssistant } from '@aisle/contracts/sharing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, login } from './support/api';
import type { AppServer } from './support/app-server';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, graphql } from './support/shop-assistant';

/**
 * A Thai shopper on the public chat page of a Bangkok skincare shop whose assistant runs on the
 * built-in `local:extractive` model: the shop's product list is a CSV with Thai column names and
 * its policies a Thai page. Asked in Thai about one product, the answer is in Thai, names that
 * product with its price and lists where it came from; asked a follow-up that only says "it", the
 * answer gives that same product's size, not another one's.
 */
const mali = { email: 'mali@glow.test', password: 'correct horse 1' };
const phone = { width: 390, height: 844 };

/** Three products, each with a different size, so a follow-up answered from the wrong one shows. */
const productsCsv = `ชื่อสินค้า,ราคา,ขนาด,รายละเอียด
ครีมกันแดดใบบัว SPF50 PA++++,590,50 มล.,ครีมกันแดดเนื้อบางเบา ซึมไว ไม่เหนอะหนะ กันน้ำและเหงื่อได้นาน 80 นาที เหมาะกับผิวมันและผิวผสม
เซรั่มมะขามป้อมวิตามินซี,890,30 มล.,เซรั่มวิตามินซีเข้มข้นจากมะขามป้อม ช่วยให้ผิวดูกระจ่างใสและจุดด่างดำดูจางลง ใช้ก่อนนอนทุกคืน
โทนเนอร์ใบบัวบก,350,150 มล.,โทนเนอร์สูตรอ่อนโยน ไม่มีแอลกอฮอล์ ช่วยปลอบประโลมผิวแพ้ง่ายและผิวที่ระคายเคืองจากแดด
`;

const policiesPage = `# นโยบายของร้านกลางเมืองสกินแคร์

## การจัดส่งสินค้า

เราจัดส่งจากร้านในกรุงเทพฯ ทุกวันจันทร์ถึงวันศุกร์ ลูกค้าในกรุงเทพฯ และปริมณฑลจะได้รับสินค้าภายใน 1-2 วันทำการ ต่างจังหวัดภายใน 2-4 วันทำการ ส่งฟรีเมื่อสั่งซื้อครบ 1,000 บาท

## การคืนสินค้า

สินค้าที่ยังไม่ได้เปิดใช้และอยู่ในบรรจุภัณฑ์เดิมคืนได้ภายใน 14 วันหลังได้รับสินค้า เราจะโอนเงินคืนภายใน 7 วันหลังได้รับสินค้าที่ส่งคืน
`;

const SUNSCREEN = 'ครีมกันแดดใบบัว';
const FIRST_QUESTION = 'ครีมกันแดดใบบัวราคาเท่าไหร่คะ';
/** "How big is it?": the product is only "it" (มัน), the one asked about just before. */
const FOLLOW_UP = 'มันขนาดเท่าไหร่คะ';

const THAI = /[\u0E00-\u0E7F]/;

interface KnowledgeUpload {
  fileName: string;
  contentType: string;
  content: string;
}

/**
 * As `setUpShopAssistant`, with the shop's own files: a store in baht holding `uploads` (indexed
 * and ready), an assistant on the built-in model linked to it, and its public share link.
 */
async function setUpThaiShop(server: AppServer, uploads: KnowledgeUpload[]): Promise<SharedAssistant> {
  const { access } = await login(server, mali.email, mali.password);
  const store = await expectJson<{ id: string }>(
    await apiFetch(server, 'POST', '/api/store/create/', { name: 'สินค้าและนโยบาย', currency: 'THB' }, access),
    201,
    'store',
  );
  const bytes = uploads.map((upload) => Buffer.from(upload.content));
  const batch = await expectJson<{ files: { fileId: string; uploadUrl: string }[] }>(
    await apiFetch(
      server,
      'POST',
      '/api/files/upload-batch/',
      {
        storeId: store.id,
        files: uploads.map((upload, index) => ({ fileName: upload.fileName, size: bytes[index]?.length, contentType: upload.contentType })),
      },
      access,
    ),
    200,
    'upload batch',
  );
  expect(batch.files).toHaveLength(uploads.length);
  for (const [index, file] of batch.files.entries()) {
    const put = await fetch(new URL(file.uploadUrl, server.url), {
      method: 'PUT',
      headers: { 'content-type': uploads[index]?.contentType as string },
      body: bytes[index],
    });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  }
  await expectJson(
    await apiFetch(
      server,
      'POST',
      '/api/files/finish-upload/',
      { storeId: store.id, fileIds: batch.files.map((file) => file.fileId) },
      access,
    ),
    200,
    'finish',
  );
  for (let attempt = 0; ; attempt++) {
    const data = await graphql<{ listFiles: { items: { fileName: string; status: string }[] } }>(
      server,
      access,
      'query($f: ModelFileFilterInput) { listFiles(filter: $f) { items { fileName status } } }',
      { f: { storeID: { eq: store.id } } },
    );
    const statuses = data.listFiles.items.map((item) => item.status);
    if (statuses.length === uploads.length && statuses.every((status) => status === 'ready')) break;
    if (statuses.includes('failed') || attempt > 120)
      throw new Error(`the shop's files did not become ready: ${JSON.stringify(data.listFiles.items)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const assistant = await expectJson<{ id: string }>(
    await apiFetch(server, 'POST', '/api/assistant/create/', { assistantName: 'Shop helper', model: 'local:extractive' }, access),
    201,
    'assistant',
  );
  const link = await apiFetch(server, 'POST', '/api/assistant/store-add/', { assistantId: assistant.id, storeId: store.id }, access);
  if (!link.ok) throw new Error(`store-add: ${link.status} ${await link.text()}`);
  return expectJson<SharedAssistant>(
    await apiFetch(server, 'POST', '/api/shared-assistant/create/', { assistantId: assistant.id }, access),
    201,
    'share',
  );
}

/** The words of a reply as the shopper reads them: without the name above it and its list of sources. */
const answerText = (bubble: Locator) =>
  bubble.evaluate((item) => {
    const copy = item.cloneNode(true) as HTMLElement;
    copy.querySelector('ol[aria-label="Sources"]')?.parentElement?.remove();
    copy.querySelector('p')?.remove();
    for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

describe('a Thai shopper at a Bangkok skincare shop', () => {
  const suite = browserSuite({ users: [mali] });

  const reply = (page: Page) => page.getByRole('log', { name: 'Conversation' }).getByRole('listitem', { name: 'Shop helper said' });
  /** Sends `text` and waits for the complete answer (the composer takes messages again); returns its bubble. */
  const ask = async (page: Page, text: string, replies: number) => {
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByLabel('Message', { exact: true }).press('Enter');
    await page
      .getByRole('log', { name: 'Conversation' })
      .getByRole('listitem', { name: 'You said' })
      .getByText(text, { exact: true })
      .waitFor();
    const bubble = reply(page).nth(replies - 1);
    await bubble.waitFor();
    await page.locator('#shared-chat-composer:enabled').waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    return bubble;
  };

  it('answers in Thai with the product’s price and its source, and a follow-up about “it” with that product’s size', async () => {
    const link = await setUpThaiShop(suite.server, [
      { fileName: 'products.csv', contentType: 'text/csv', content: productsCsv },
      { fileName: 'policies.md', contentType: 'text/markdown', content: policiesPage },
    ]);
    const { page, errors } = await suite.open(phone);
    await page.goto(`${suite.server.url}/shared/chat?token=${encodeURIComponent(link.shareToken.token)}`);
    await page.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();

    const first = await ask(page, FIRST_QUESTION, 1);
    await screenshot(page, 'thai-shopper-price');
    const price = await answerText(first);
    expect.soft(price, 'the answer is written in Thai').toMatch(THAI);
    expect.soft(price, 'the answer names the sunscreen').toContain(SUNSCREEN);
    expect.soft(price, 'the answer gives its price').toMatch(/(?<![\d,.])590(?![\d,])/);
    expect.soft(price, 'the serum’s or the toner’s price is not the answer').not.toMatch(/(?<![\d,.])(890|350)(?![\d,])/);
    // Where it came from: the shop's own product, listed under the answer (never the file's name).
    const cited = await first
      .getByRole('list', { name: 'Sources' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => `${item.textContent ?? ''} ${item.getAttribute('title') ?? ''}`));
    expect.soft(cited.length, 'the answer lists its sources').toBeGreaterThan(0);
    expect
      .soft(
        cited.some((source) => source.includes(SUNSCREEN)),
        `a source is the sunscreen: ${JSON.stringify(cited)}`,
      )
      .toBe(true);
    expect(await page.locator('body').textContent()).not.toContain('products.csv');

    const second = await ask(page, FOLLOW_UP, 2);
    await screenshot(page, 'thai-shopper-follow-up');
    const size = await answerText(second);
    expect.soft(size, 'the follow-up is answered in Thai').toMatch(THAI);
    expect.soft(size, 'the follow-up gives the sunscreen’s size').toMatch(/(?<![\d.])50\s*(มล|ml)/i);
    expect.soft(size, 'not the serum’s or the toner’s size').not.toMatch(/(?<![\d.])(30|150)\s*(มล|ml)/i);
    expect(errors).toEqual([]);
  });
});
