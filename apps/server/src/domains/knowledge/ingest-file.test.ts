import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { type TestViewer, viewerToken } from '../../testing/graphql-client';
import { createStore, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ingestFile } from './ingest-file';
import { createKnowledgeContext } from './knowledge-context';

/** A file found mid-parse when its job runs again: its process died while parsing it. */
describe('a parse that took its process down', () => {
  let t: TestApp;
  let owner: TestViewer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await viewerToken(t, 'owner@shop.test');
  });
  afterAll(() => t.close());

  const job = { id: 'job', retryCount: 1, retryLimit: 3, signal: new AbortController().signal };
  const rerun = async (progress: number) => {
    const storeId = await createStore(t, owner, `Store ${progress}`);
    const { fileIds } = await uploadFiles(t, owner, storeId, [
      { fileName: `faq-${progress}.md`, contentType: 'text/markdown', bytes: `# Returns ${progress}\n\nWithin 30 days.\n` },
    ]);
    const fileId = fileIds[0] as string;
    await waitForFiles(t, [fileId]);
    // As the row stands after the process died in the parse.
    await t.services.db.update(files).set({ status: 'processing', progress }).where(eq(files.id, fileId));
    await ingestFile(createKnowledgeContext(t.services), pino({ level: 'silent' }), fileId, job);
    return (await t.services.db.select().from(files).where(eq(files.id, fileId)))[0];
  };

  it('is parsed again after one such death', async () => {
    expect(await rerun(20)).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('fails the file with a reason after two, without parsing it a third time', async () => {
    expect(await rerun(21)).toMatchObject({
      status: 'failed',
      statusReason: 'Reading this file was interrupted twice. Check that it opens, save it again and upload it.',
    });
  });
});
