import type { MerchantLanguage } from '@aisle/contracts/languages';
import { and, eq, sql } from 'drizzle-orm';
import { assistants, sharedAssistants, testResults, type testRuns, users } from '../../db/schema';
import { notifyOwner } from '../notifications';
import type { TestSuiteContext } from './test-suite-context';

interface RegressionText {
  title: (name: string) => string;
  content: (input: { count: number; passed: number; total: number; after: string; questions: string }) => string;
  subject: (name: string) => string;
  mail: (input: { name: string; count: number; passed: number; total: number; after: string; questions: string; link: string }) => string;
  after: (trigger: string, detail: string | null) => string;
}

const en: RegressionText = {
  title: (name) => `${name}: test questions that passed now fail`,
  content: ({ count, passed, total, after, questions }) =>
    `${count} test question${count === 1 ? '' : 's'} that passed before now fail${count === 1 ? 's' : ''} (${after}). Answers ${passed} of ${total} test questions correctly.\n${questions}`,
  subject: (name) => `Aisle: ${name} now answers some test questions wrongly`,
  mail: ({ name, count, passed, total, after, questions, link }) =>
    `Your assistant ${name} is shared publicly, and ${count} of its test questions that passed before now fail (${after}).\n\nIt answers ${passed} of ${total} test questions correctly.\n\n${questions}\n\nSee the answers and what changed: ${link}`,
  after: (trigger, detail) =>
    trigger === 'knowledge'
      ? detail
        ? `after changes to ${detail}`
        : 'after a knowledge change'
      : trigger === 'assistant'
        ? `after a change to the assistant${detail ? ` (${detail})` : ''}`
        : 'in a scheduled run',
};

const ja: RegressionText = {
  title: (name) => `${name}：合格していたテスト質問が不合格になりました`,
  content: ({ count, passed, total, after, questions }) =>
    `以前は合格していたテスト質問 ${count} 件が不合格になりました（${after}）。テスト質問 ${total} 件中 ${passed} 件に正しく回答しています。\n${questions}`,
  subject: (name) => `Aisle：${name} が一部のテスト質問に誤って回答しています`,
  mail: ({ name, count, passed, total, after, questions, link }) =>
    `公開中のアシスタント「${name}」で、以前は合格していたテスト質問 ${count} 件が不合格になりました（${after}）。\n\nテスト質問 ${total} 件中 ${passed} 件に正しく回答しています。\n\n${questions}\n\n回答と変更内容はこちら：${link}`,
  after: (trigger, detail) =>
    trigger === 'knowledge'
      ? `${detail ? `${detail} の変更` : 'ナレッジの変更'}の後`
      : trigger === 'assistant'
        ? `アシスタントの変更${detail ? `（${detail}）` : ''}の後`
        : '定期実行',
};

const th: RegressionText = {
  title: (name) => `${name}: คำถามทดสอบที่เคยผ่านตอนนี้ไม่ผ่านแล้ว`,
  content: ({ count, passed, total, after, questions }) =>
    `คำถามทดสอบ ${count} ข้อที่เคยผ่าน ตอนนี้ไม่ผ่านแล้ว (${after}) ตอบถูก ${passed} จาก ${total} คำถามทดสอบ\n${questions}`,
  subject: (name) => `Aisle: ${name} ตอบคำถามทดสอบบางข้อผิด`,
  mail: ({ name, count, passed, total, after, questions, link }) =>
    `ผู้ช่วย ${name} ที่เปิดให้สาธารณะใช้งาน มีคำถามทดสอบ ${count} ข้อที่เคยผ่าน ตอนนี้ไม่ผ่านแล้ว (${after})\n\nตอบถูก ${passed} จาก ${total} คำถามทดสอบ\n\n${questions}\n\nดูคำตอบและสิ่งที่เปลี่ยนไป: ${link}`,
  after: (trigger, detail) =>
    trigger === 'knowledge'
      ? detail
        ? `หลังจาก ${detail} เปลี่ยนแปลง`
        : 'หลังข้อมูลร้านเปลี่ยน'
      : trigger === 'assistant'
        ? `หลังแก้ไขผู้ช่วย${detail ? ` (${detail})` : ''}`
        : 'จากการทดสอบตามกำหนด',
};

const TEXTS: Record<MerchantLanguage, RegressionText> = { en, ja, th };

/** Questions listed in a notice at most. */
const LISTED = 5;

/**
 * A run found cases that passed in the run before and fail now: the owner gets a notification
 * (live, like any), and for an assistant shared publicly (shoppers see its answers now) an e-mail
 * too, in the owner's language. Says which change the run followed.
 */
export async function noticeRegressions(ctx: TestSuiteContext, run: typeof testRuns.$inferSelect) {
  const [subject] = await ctx.db
    .select({
      name: assistants.assistantName,
      language: users.language,
      shared: sql<boolean>`EXISTS (SELECT 1 FROM ${sharedAssistants} s WHERE s.original_assistant_id = ${assistants.id} AND s.is_active)`,
    })
    .from(assistants)
    .leftJoin(users, eq(users.email, assistants.ownerEmail))
    .where(eq(assistants.id, run.assistantId))
    .limit(1);
  if (!subject) return;
  const regressed = await ctx.db
    .select({ question: testResults.question })
    .from(testResults)
    .where(and(eq(testResults.runId, run.id), eq(testResults.regressed, true)))
    .limit(LISTED);
  const texts = TEXTS[(subject.language as MerchantLanguage) in TEXTS ? (subject.language as MerchantLanguage) : 'en'];
  const name = subject.name || 'Assistant';
  const details = {
    count: run.regressions,
    passed: run.passed,
    total: run.total,
    after: texts.after(run.trigger, run.triggerDetail),
    questions: regressed.map((row) => `• ${row.question}`).join('\n'),
  };
  await notifyOwner({
    db: ctx.db,
    events: ctx.events,
    ownerEmail: run.ownerEmail,
    title: texts.title(name),
    content: texts.content(details),
  });
  if (!subject.shared) return;
  const link = `${ctx.env.PUBLIC_URL}/assistants?tests=${encodeURIComponent(run.assistantId)}`;
  try {
    await ctx.mailer.send({ to: run.ownerEmail, subject: texts.subject(name), text: texts.mail({ ...details, name, link }), link });
  } catch (error) {
    ctx.logger.warn({ err: error, runId: run.id }, 'the regression e-mail could not be sent');
  }
}
