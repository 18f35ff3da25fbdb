import { graphql } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';
import { MessageFields, type RawMessage, type RawThread, ThreadScalarFields } from './shared-thread-fields';

/**
 * The owner's actions on a shared thread (spec §7 `updateSharedThread`, and the inbox's own
 * mutations): pause or resume auto-reply, mark handled, answer by hand, mark read, summarise. Each answers the
 * thread's own fields (or the stored message), which the caller merges into the cache.
 */

const UPDATE_THREAD = graphql(
  `mutation UpdateInboxThread($input: UpdateSharedThreadInput!) { updateSharedThread(input: $input) { ...ThreadScalarFields } }`,
  [ThreadScalarFields],
);
const SEND_MANUAL_REPLY = graphql(
  `mutation SendManualReply($sharedThreadId: ID!, $content: String!) {
  sendManualReply(sharedThreadId: $sharedThreadId, content: $content) { ...MessageFields }
}`,
  [MessageFields],
);
const MARK_READ = graphql(`mutation MarkSharedThreadRead($id: ID!) { markSharedThreadRead(id: $id) { ...ThreadScalarFields } }`, [
  ThreadScalarFields,
]);
const SUMMARIZE = graphql(`mutation SummarizeSharedThread($id: ID!) { summarizeSharedThread(id: $id) { ...ThreadScalarFields } }`, [
  ThreadScalarFields,
]);

export async function setAutoReplyPaused(client: DataClient, id: string, autoReplyPaused: boolean): Promise<RawThread> {
  const data = await client.request(UPDATE_THREAD, { input: { id, autoReplyPaused } });
  return required(data.updateSharedThread, 'updateSharedThread');
}

/** The team has dealt with a thread that needed a person (a hand-written reply does this on the server too). */
export async function markThreadHandled(client: DataClient, id: string): Promise<RawThread> {
  const data = await client.request(UPDATE_THREAD, { input: { id, needsHuman: false } });
  return required(data.updateSharedThread, 'updateSharedThread');
}

export async function sendManualReply(client: DataClient, sharedThreadId: string, content: string): Promise<RawMessage> {
  const data = await client.request(SEND_MANUAL_REPLY, { sharedThreadId, content });
  return required(data.sendManualReply, 'sendManualReply');
}

export async function markSharedThreadRead(client: DataClient, id: string): Promise<RawThread> {
  const data = await client.request(MARK_READ, { id });
  return required(data.markSharedThreadRead, 'markSharedThreadRead');
}

export async function summarizeSharedThread(client: DataClient, id: string): Promise<RawThread> {
  const data = await client.request(SUMMARIZE, { id });
  return required(data.summarizeSharedThread, 'summarizeSharedThread');
}
