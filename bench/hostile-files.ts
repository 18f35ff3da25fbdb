import type { GqlData } from '../apps/server/src/testing/graphql-client';
import { contentBombPdf, deepJson, giantRunDocx, zipBombDocx } from '../apps/server/src/testing/hostile-documents';
import { type BenchServer, graphql } from './server-process';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MB = 1024 * 1024;

/**
 * What a file built to exhaust the parser costs the server: each hostile file uploaded alone to
 * the production server, its resident memory (process tree) sampled every 20 ms from
 * finish-upload until the file has failed, reported above the server's idle figure (measured
 * before the first file, with no parse thread yet). Between files the parse thread's idle timeout
 * (10 s) passes, so each file starts one, as a lone upload does. Goal: under 150 MB above idle.
 */
export async function hostileFiles(server: BenchServer) {
  const token = await server.token('ingest@bench.test');
  const call = async (url: string, body: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as GqlData;
  };
  const store = await call('/api/store/create/', { name: 'Hostile' });
  const files = [
    { fileName: 'zip-bomb.docx', contentType: DOCX, bytes: zipBombDocx(300) },
    { fileName: 'giant-run.docx', contentType: DOCX, bytes: giantRunDocx(200) },
    { fileName: 'content-bomb.pdf', contentType: 'application/pdf', bytes: contentBombPdf(300) },
    { fileName: 'deep.json', contentType: 'application/json', bytes: deepJson(100_000) },
  ];
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idle = server.rssBytes();
  const results: Record<string, unknown> = { idleRssMb: Math.round(idle / MB) };
  for (const file of files) {
    const batch = await call('/api/files/upload-batch/', {
      storeId: store.id,
      files: [{ fileName: file.fileName, size: file.bytes.length, contentType: file.contentType }],
    });
    const { fileId, uploadUrl } = (batch.files as { fileId: string; uploadUrl: string }[])[0] as { fileId: string; uploadUrl: string };
    const put = await fetch(`${server.url}${uploadUrl}`, {
      method: 'PUT',
      body: new Uint8Array(file.bytes),
      headers: { 'content-type': file.contentType },
    });
    if (put.status !== 204) throw new Error(`upload answered ${put.status}`);
    // The previous file's parse thread has ended.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    let peak = server.rssBytes();
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.rssBytes());
    }, 20);
    const started = performance.now();
    let state: { status: string; statusReason: string | null } = { status: 'queued', statusReason: null };
    try {
      await call('/api/files/finish-upload/', { storeId: store.id, fileIds: [fileId] });
      while (state.status !== 'ready' && state.status !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const data = await graphql(server, token, `query($id: ID!) { getFile(id: $id) { status statusReason } }`, { id: fileId });
        state = data.getFile as typeof state;
      }
    } finally {
      clearInterval(sampler);
    }
    if (!server.running()) throw new Error(`the server died on ${file.fileName}: ${server.output().slice(-2000)}`);
    results[file.fileName] = {
      fileKb: Math.round(file.bytes.length / 1024),
      status: state.status,
      reason: state.statusReason,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      peakAboveIdleMb: Math.round((peak - idle) / MB),
    };
  }
  return results;
}
