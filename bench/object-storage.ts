import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { GqlData } from '../apps/server/src/testing/graphql-client';
import { startS3Server } from '../apps/server/src/testing/s3-server';
import { startServer } from './server-process';

const MB = 1024 * 1024;
const ROUNDS = 3;

/**
 * A 20 MB file through an S3-compatible bucket as a merchant's browser moves it: upload-batch, the
 * PUT straight to the presigned bucket URL, finish-upload (the server checks the object's size and
 * streams it back to hash it for duplicate detection), then the owner's download link and the GET
 * from the bucket. The bucket is s3rver on loopback (objects on this machine's disk), the server
 * the production bundle on the embedded default with S3_BUCKET set. Each step's median time over
 * three rounds; MB/s for the steps that move the bytes; the server's CPU time for finish-upload.
 * The bytes are random and declared a PDF, so their indexing fails at once and takes no CPU from
 * the steps measured.
 */
export async function objectStorage(sizeBytes = 20 * MB) {
  const s3 = await startS3Server('aisle-bench');
  const server = await startServer({ env: s3.env, users: ['objects@bench.test'] });
  try {
    const token = await server.token('objects@bench.test');
    const call = async (url: string, body: unknown) => {
      const res = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as GqlData;
    };
    const store = await call('/api/store/create/', { name: 'Bench bucket' });
    const rounds: Record<string, number>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = randomBytes(sizeBytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const timed = async <T>(work: () => Promise<T>) => {
        const start = performance.now();
        const value = await work();
        return { value, ms: performance.now() - start };
      };
      const batch = await timed(() =>
        call('/api/files/upload-batch/', {
          storeId: store.id,
          files: [{ fileName: `catalogue-${round}.pdf`, size: bytes.length, contentType: 'application/pdf' }],
        }),
      );
      const { fileId, uploadUrl } = batch.value.files[0] as { fileId: string; uploadUrl: string };
      const put = await timed(async () => {
        const res = await fetch(uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/pdf' } });
        if (!res.ok) throw new Error(`the PUT to the bucket answered ${res.status}`);
      });
      const cpuBefore = server.cpuMs();
      const finish = await timed(() => call('/api/files/finish-upload/', { storeId: store.id, fileIds: [fileId] }));
      const finishCpuMs = server.cpuMs() - cpuBefore;
      if (finish.value.files[0].status !== 'queued') throw new Error(`finish-upload answered ${JSON.stringify(finish.value)}`);
      const link = await timed(() => call('/api/files/download/', { storeId: store.id, fileId }));
      const get = await timed(async () => Buffer.from(await (await fetch(link.value.url as string)).arrayBuffer()));
      if (createHash('sha256').update(get.value).digest('hex') !== sha256) throw new Error('the download differs from the upload');
      rounds.push({
        uploadBatchMs: batch.ms,
        putMs: put.ms,
        finishMs: finish.ms,
        finishServerCpuMs: finishCpuMs,
        downloadLinkMs: link.ms,
        getMs: get.ms,
      });
      // One file in the bucket at a time.
      await call('/api/files/delete-files/', { storeId: store.id, fileIds: [fileId] });
    }
    const median = (key: string) => {
      const sorted = rounds.map((r) => r[key] as number).sort((a, b) => a - b);
      return Math.round((sorted[Math.floor(sorted.length / 2)] as number) * 10) / 10;
    };
    const mbPerSecond = (ms: number) => Math.round((sizeBytes / MB / (ms / 1000)) * 10) / 10;
    return {
      fileMB: sizeBytes / MB,
      rounds: ROUNDS,
      uploadBatchMs: median('uploadBatchMs'),
      putMs: median('putMs'),
      putMBps: mbPerSecond(median('putMs')),
      finishMs: median('finishMs'),
      finishHashMBps: mbPerSecond(median('finishMs')),
      finishServerCpuMs: median('finishServerCpuMs'),
      downloadLinkMs: median('downloadLinkMs'),
      getMs: median('getMs'),
      getMBps: mbPerSecond(median('getMs')),
      uploadTotalMs: Math.round(median('uploadBatchMs') + median('putMs') + median('finishMs')),
      downloadTotalMs: Math.round(median('downloadLinkMs') + median('getMs')),
    };
  } finally {
    await server.stop();
    await s3.stop();
  }
}
