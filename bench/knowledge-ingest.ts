import { performance } from 'node:perf_hooks';
import type { GqlData } from '../apps/server/src/testing/graphql-client';
import { type BenchServer, graphql } from './server-process';

/**
 * Ingestion throughput as a merchant meets it: 1,000 documents (Markdown, HTML, plain text and
 * JSON product lists, 1–5 KB each) uploaded through the API to the production server on the
 * embedded default, timed from the first finish-upload until every file is ready. Peak RSS is the
 * server process's, sampled every 100 ms.
 */
export async function knowledgeIngest(server: BenchServer, documents = 1000) {
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
  const store = await call('/api/store/create/', { name: 'Bench catalogue' });

  let peakRss = server.rssBytes();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, server.rssBytes());
  }, 100);
  let started = 0;
  try {
    const docs = Array.from({ length: documents }, (_, i) => makeDocument(i));
    for (let offset = 0; offset < docs.length; offset += 100) {
      const slice = docs.slice(offset, offset + 100);
      const batch = await call('/api/files/upload-batch/', {
        storeId: store.id,
        files: slice.map((doc) => ({ fileName: doc.fileName, size: doc.bytes.length, contentType: doc.contentType })),
      });
      const uploads = batch.files as { fileId: string; uploadUrl: string }[];
      await Promise.all(
        uploads.map(async (upload, index) => {
          const doc = slice[index];
          if (!doc) return;
          const res = await fetch(`${server.url}${upload.uploadUrl}`, {
            method: 'PUT',
            body: new Uint8Array(doc.bytes),
            headers: { 'content-type': doc.contentType },
          });
          if (res.status !== 204) throw new Error(`upload answered ${res.status}`);
        }),
      );
      started ||= performance.now();
      await call('/api/files/finish-upload/', { storeId: store.id, fileIds: uploads.map((upload) => upload.fileId) });
    }
    for (;;) {
      const data = await graphql(server, token, `query($id: ID!) { getStore(id: $id) { status fileCount } }`, { id: store.id });
      const state = data.getStore as { status: string; fileCount: number };
      if (state.status === 'attention') throw new Error('a benchmark document failed to index');
      if (state.status === 'ready' && state.fileCount === documents) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const passages = await totalPassages(server, token);
  return {
    documents,
    passages,
    seconds: Number(seconds.toFixed(2)),
    documentsPerSecond: Number((documents / seconds).toFixed(1)),
    passagesPerSecond: Number((passages / seconds).toFixed(1)),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  };
}

/** Passages indexed from every file, over the list query's pages. */
async function totalPassages(server: BenchServer, token: string) {
  let total = 0;
  let nextToken: string | null = null;
  do {
    const data = await graphql(
      server,
      token,
      `query($t: String) { listFiles(limit: 999, nextToken: $t) { items { passageCount } nextToken } }`,
      { t: nextToken },
    );
    const page = data.listFiles as { items: { passageCount: number }[]; nextToken: string | null };
    total += page.items.reduce((sum, item) => sum + (item.passageCount ?? 0), 0);
    nextToken = page.nextToken;
  } while (nextToken);
  return total;
}

const topics = ['returns', 'shipping', 'sizing', 'care', 'warranty', 'payments', 'loyalty', 'gift cards', 'stores', 'materials'];
const materials = ['merino wool', 'organic cotton', 'recycled nylon', 'linen', 'vegan leather', 'cashmere', 'bamboo'];

function sentence(i: number, j: number) {
  const topic = topics[(i + j) % topics.length];
  const material = materials[(i * 3 + j) % materials.length];
  return `Our ${topic} policy for ${material} item ${i}-${j} covers ${(j % 28) + 3} days and applies to orders over $${(i % 90) + 10}.`;
}

function paragraph(i: number, j: number) {
  return Array.from({ length: 4 }, (_, k) => sentence(i, j * 4 + k)).join(' ');
}

/** A realistic document of one of four formats, deterministic per index. */
function makeDocument(i: number): { fileName: string; contentType: string; bytes: Buffer } {
  const kind = i % 4;
  const sections = 3 + (i % 5);
  if (kind === 0) {
    const body = Array.from(
      { length: sections },
      (_, j) => `## ${topics[(i + j) % topics.length]} ${j}\n\n${paragraph(i, j)}\n\n- ${sentence(i, j + 50)}\n- ${sentence(i, j + 60)}`,
    );
    return { fileName: `guide-${i}.md`, contentType: 'text/markdown', bytes: Buffer.from(`# Guide ${i}\n\n${body.join('\n\n')}\n`) };
  }
  if (kind === 1) {
    const body = Array.from({ length: sections }, (_, j) => `<h2>${topics[(i + j) % topics.length]} ${j}</h2><p>${paragraph(i, j)}</p>`);
    const html = `<!doctype html><html><head><title>Page ${i}</title></head><body><nav><a href="/">Home</a><a href="/shop">Shop</a></nav><main><article><h1>Page ${i}</h1>${body.join('')}</article></main><footer>© Bench Outfitters</footer></body></html>`;
    return { fileName: `page-${i}.html`, contentType: 'text/html', bytes: Buffer.from(html) };
  }
  if (kind === 2) {
    const body = Array.from({ length: sections }, (_, j) => paragraph(i, j));
    return { fileName: `notes-${i}.txt`, contentType: 'text/plain', bytes: Buffer.from(body.join('\n\n')) };
  }
  const products = Array.from({ length: sections }, (_, j) => ({
    title: `${materials[(i + j) % materials.length]} piece ${i}-${j}`,
    body_html: `<p>${paragraph(i, j)}</p>`,
    handle: `piece-${i}-${j}`,
    vendor: 'Bench Outfitters',
    variants: ['S', 'M', 'L'].map((size, k) => ({ title: size, price: `${20 + ((i + j + k) % 80)}.00`, sku: `P${i}-${j}-${size}` })),
  }));
  return { fileName: `products-${i}.json`, contentType: 'application/json', bytes: Buffer.from(JSON.stringify({ products })) };
}
