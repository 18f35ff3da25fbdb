import { eq } from 'drizzle-orm';
import { files } from '../db/schema';
import type { GqlData, TestViewer } from './graphql-client';
import type { TestApp } from './test-app';

/** REST calls of the knowledge API, as the Store screen makes them. */
export async function post(t: TestApp, viewer: TestViewer | null, url: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: viewer ? { authorization: `Bearer ${viewer.access}` } : {},
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as GqlData) : null };
}

export async function createStore(t: TestApp, viewer: TestViewer, name = 'Help center'): Promise<string> {
  const res = await post(t, viewer, '/api/store/create/', { name });
  if (res.status !== 201) throw new Error(`store/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body?.id as string;
}

export interface UploadFile {
  fileName: string;
  contentType: string;
  bytes: Buffer | string;
}

/** upload-batch, a PUT per file, finish-upload: the three calls of an upload. */
export async function uploadFiles(t: TestApp, viewer: TestViewer, storeId: string, list: UploadFile[]) {
  const buffers = list.map((file) => (typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes));
  const batch = await post(t, viewer, '/api/files/upload-batch/', {
    storeId,
    files: list.map((file, index) => ({ fileName: file.fileName, contentType: file.contentType, size: buffers[index]?.length ?? 0 })),
  });
  if (batch.status !== 200) throw new Error(`upload-batch answered ${batch.status}: ${JSON.stringify(batch.body)}`);
  const uploads = batch.body?.files as { fileId: string; uploadUrl: string }[];
  for (const [index, upload] of uploads.entries()) {
    const put = await t.app.inject({
      method: 'PUT',
      url: upload.uploadUrl,
      payload: buffers[index],
      headers: { 'content-type': list[index]?.contentType || 'application/octet-stream' },
    });
    if (put.statusCode !== 204) throw new Error(`upload PUT answered ${put.statusCode}: ${put.body}`);
  }
  const finish = await post(t, viewer, '/api/files/finish-upload/', { storeId, fileIds: uploads.map((upload) => upload.fileId) });
  if (finish.status !== 200) throw new Error(`finish-upload answered ${finish.status}: ${JSON.stringify(finish.body)}`);
  return {
    fileIds: uploads.map((upload) => upload.fileId),
    finish: finish.body?.files as { fileId: string; status: string; duplicateOf?: string }[],
  };
}

/** Waits until each file is ready or failed; returns their rows. */
export async function waitForFiles(t: TestApp, fileIds: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await Promise.all(fileIds.map(async (id) => (await t.services.db.select().from(files).where(eq(files.id, id)))[0]));
    if (rows.every((row) => row && (row.status === 'ready' || row.status === 'failed')))
      return rows as NonNullable<(typeof rows)[number]>[];
    if (Date.now() > deadline) throw new Error(`files not done: ${JSON.stringify(rows.map((row) => [row?.fileName, row?.status]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
