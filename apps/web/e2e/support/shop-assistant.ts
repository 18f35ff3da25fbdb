import { apiFetch, login } from './api';
import type { AppServer } from './app-server';

/**
 * A merchant's assistant ready to answer, made through the API: a store holding a small FAQ
 * (indexed and ready to search) and an assistant on the built-in `local:extractive` model linked
 * to it, with suggested questions. For browser tests of the places visitors and merchants chat.
 */
export const shopFaq = `# Frequently asked questions

## Returns and refunds

You can return any unworn item within 30 days of delivery for a full refund. Start a return from
your order page; we email a prepaid label.

## Shipping

Orders ship from Portland within two business days. Standard shipping is free over $50.
`;

export const shopQuestions = ['How long do I have to return an item?', 'When do orders ship?'];

export async function expectJson<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

export async function graphql<T>(server: AppServer, token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(`graphql: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A knowledge file for the assistant's store (Markdown). */
export interface KnowledgeFile {
  fileName: string;
  content: string;
  /** `text/markdown` unless given (a product list: `application/json`, `text/csv`). */
  contentType?: string;
}

export async function setUpShopAssistant(
  server: AppServer,
  owner: { email: string; password: string },
  options: { assistantName?: string; file?: KnowledgeFile; questions?: string[]; storeName?: string; currency?: string } = {},
): Promise<{ access: string; assistantId: string }> {
  const {
    assistantName = 'Shop helper',
    file: knowledge = { fileName: 'faq.md', content: shopFaq },
    questions = shopQuestions,
    storeName = 'Help center',
    currency,
  } = options;
  const contentType = knowledge.contentType ?? 'text/markdown';
  const { access } = await login(server, owner.email, owner.password);
  const store = await expectJson<{ id: string }>(
    await apiFetch(server, 'POST', '/api/store/create/', { name: storeName, ...(currency ? { currency } : {}) }, access),
    201,
    'store',
  );
  const bytes = Buffer.from(knowledge.content);
  const batch = await expectJson<{ files: { fileId: string; uploadUrl: string }[] }>(
    await apiFetch(
      server,
      'POST',
      '/api/files/upload-batch/',
      { storeId: store.id, files: [{ fileName: knowledge.fileName, size: bytes.length, contentType }] },
      access,
    ),
    200,
    'upload batch',
  );
  const [file] = batch.files;
  if (!file) throw new Error('no upload slot');
  const put = await fetch(new URL(file.uploadUrl, server.url), {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  await expectJson(
    await apiFetch(server, 'POST', '/api/files/finish-upload/', { storeId: store.id, fileIds: [file.fileId] }, access),
    200,
    'finish',
  );
  for (let attempt = 0; ; attempt++) {
    const data = await graphql<{ listFiles: { items: { status: string }[] } }>(
      server,
      access,
      'query($f: ModelFileFilterInput) { listFiles(filter: $f) { items { status } } }',
      { f: { storeID: { eq: store.id } } },
    );
    const status = data.listFiles.items[0]?.status;
    if (status === 'ready') break;
    if (status === 'failed' || attempt > 120) throw new Error(`${knowledge.fileName} did not become ready (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const assistant = await expectJson<{ id: string }>(
    await apiFetch(
      server,
      'POST',
      '/api/assistant/create/',
      { assistantName, model: 'local:extractive', assistantUserQA: questions.map((question) => ({ question })) },
      access,
    ),
    201,
    'assistant',
  );
  const link = await apiFetch(server, 'POST', '/api/assistant/store-add/', { assistantId: assistant.id, storeId: store.id }, access);
  if (!link.ok) throw new Error(`store-add: ${link.status} ${await link.text()}`);
  return { access, assistantId: assistant.id };
}
