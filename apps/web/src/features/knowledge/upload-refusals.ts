import { shortenFileName } from '@aisle/contracts/knowledge';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';

/**
 * Which files of a batch the server refused by name, and why. upload-batch judges each file
 * (contracts `fileRefusal`): `{"files": ["<name>: <why, and what to do>", …]}`, the name shortened
 * as the server keeps it. Those files fail alone; the rest of the batch is sent again.
 */
export function refusedFiles<T extends { key: string; file: { name: string } }>(error: unknown, batch: readonly T[]): Map<string, string> {
  const data = error instanceof ApiError && error.status === 400 ? (error.data as { files?: unknown } | null) : null;
  const messages = Array.isArray(data?.files)
    ? data.files.filter((item): item is string => typeof item === 'string')
    : [apiErrorText(error, '')];
  const refused = new Map<string, string>();
  for (const message of messages) {
    const item = batch.find(({ key, file }) => !refused.has(key) && message.startsWith(`${shortenFileName(file.name.trim())}: `));
    if (item) refused.set(item.key, message.slice(shortenFileName(item.file.name.trim()).length + 2));
  }
  return refused;
}
