/**
 * A client of a running server process (server-bundle.ts) as the web app talks to it over HTTP:
 * JSON calls and the three-step file upload. For tests and benchmarks that run the production bundle.
 */

import type { GqlData } from './graphql-client';

/** POSTs JSON; answers the parsed body (empty for a 204) with the response's status as `httpStatus`. */
export async function postJson(baseUrl: string, route: string, body: unknown, token?: string): Promise<GqlData> {
  const res = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { ...((res.status === 204 ? {} : await res.json()) as GqlData), httpStatus: res.status };
}

/**
 * Uploads one file to a store as the web app does (upload-batch, PUT to the signed URL,
 * finish-upload) and answers its id once it is queued for indexing; throws when a step is refused.
 */
export async function uploadOverHttp(
  baseUrl: string,
  access: string,
  input: { storeId: string; fileName: string; text: string; contentType?: string },
): Promise<string> {
  const contentType = input.contentType ?? 'text/markdown';
  const bytes = Buffer.from(input.text);
  const batch = await postJson(
    baseUrl,
    '/api/files/upload-batch/',
    { storeId: input.storeId, files: [{ fileName: input.fileName, size: bytes.length, contentType }] },
    access,
  );
  const { fileId, uploadUrl } = (batch.files?.[0] ?? {}) as { fileId?: string; uploadUrl?: string };
  if (!fileId || !uploadUrl) throw new Error(`upload-batch refused ${input.fileName}: ${JSON.stringify(batch)}`);
  // The server's own route (a path) on disk, or the bucket's presigned URL (absolute) with S3_BUCKET set.
  const put = await fetch(new URL(uploadUrl, baseUrl), {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': contentType },
  });
  if (put.status >= 300) throw new Error(`the upload of ${input.fileName} answered ${put.status}`);
  const finished = await postJson(baseUrl, '/api/files/finish-upload/', { storeId: input.storeId, fileIds: [fileId] }, access);
  if (finished.files?.[0]?.status !== 'queued')
    throw new Error(`finish-upload did not queue ${input.fileName}: ${JSON.stringify(finished)}`);
  return fileId;
}
