import type { DataClient } from '@/lib/graphql-client';
import { messageFields, type RawMessage, type RawThread, threadScalarFields } from './shared-thread-fields';

/**
 * The owner's actions on a shared thread (spec §7 `updateSharedThread`, and the inbox's own
 * mutations): pause or resume auto-reply, mark handled, answer by hand, mark read, summarise. Each answers the
 * thread's own fields (or the stored message), which the caller merges into the cache.
 */

const UPDATE_THREAD = `mutation UpdateInboxThread($input: UpdateSharedThreadInput!) { updateSharedThread(input: $input) { ${threadScalarFields} } }`;
const SEND_MANUAL_REPLY = `mutation SendManualReply($sharedThreadId: ID!, $content: String!) {
  sendManualReply(sharedThreadId: $sharedThreadId, content: $content) { ${messageFields} }
}`;
const MARK_READ = `mutation MarkSharedThreadRead($id: ID!) { markSharedThreadRead(id: $id) { ${threadScalarFields} } }`;
const SUMMARIZE = `mutation SummarizeSharedThread($id: ID!) { summarizeSharedThread(id: $id) { ${threadScalarFields} } }`;

export async function setAutoReplyPaused(client: DataClient, id: string, autoReplyPaused: boolean): Promise<RawThread> {
  const data = await client.request<{ updateSharedThread: RawThread }>(UPDATE_THREAD, { input: { id, autoReplyPaused } });
  return data.updateSharedThread;
}

/** The team has dealt with a thread that needed a person (a hand-written reply does this on the server too). */
export async function markThreadHandled(client: DataClient, id: string): Promise<RawThread> {
  const data = await client.request<{ updateSharedThread: RawThread }>(UPDATE_THREAD, { input: { id, needsHuman: false } });
  return data.updateSharedThread;
}

export async function sendManualReply(client: DataClient, sharedThreadId: string, content: string): Promise<RawMessage> {
  const data = await client.request<{ sendManualReply: RawMessage }>(SEND_MANUAL_REPLY, { sharedThreadId, content });
  return data.sendManualReply;
}

export async function markSharedThreadRead(client: DataClient, id: string): Promise<RawThread> {
  const data = await client.request<{ markSharedThreadRead: RawThread }>(MARK_READ, { id });
  return data.markSharedThreadRead;
}

export async function summarizeSharedThread(client: DataClient, id: string): Promise<RawThread> {
  const data = await client.request<{ summarizeSharedThread: RawThread }>(SUMMARIZE, { id });
  return data.summarizeSharedThread;
}
