import { collect, type GqlData, gql, settle, type TestViewer, wsClient } from './graphql-client';
import type { TestApp } from './test-app';

/** The conversation operations as an app written against the Amplify AI kit sends them (tests only). */

const IMAGE = 'format source { bytes }';
export const BLOCK_FIELDS = `text json image { ${IMAGE} } document { format name source { bytes } } toolUse { toolUseId name input }
  toolResult { toolUseId status content { text json image { ${IMAGE} } } }`;

export const STREAM = `subscription($id: ID!) { onConversationStreamEvent(conversationId: $id) {
  id conversationId associatedUserMessageId contentBlockIndex contentBlockDeltaIndex contentBlockDoneAtIndex contentBlockText
  contentBlockToolUse { toolUseId name input } stopReason errors { message errorType }
} }`;

export const SEND = `mutation($id: ID!, $content: [ContentBlockInput!]!, $aiContext: AWSJSON, $tools: ToolConfigurationInput) {
  sendMessage(conversationId: $id, content: $content, aiContext: $aiContext, toolConfiguration: $tools) {
    id conversationId role aiContext toolConfiguration content { ${BLOCK_FIELDS} }
  }
}`;

export const LIST = `query($id: ID!) { listConversationMessages(filter: { conversationId: { eq: $id } }, limit: 100) {
  items { id role createdAt content { ${BLOCK_FIELDS} } }
} }`;

export interface SendVariables {
  id: string;
  content: unknown[];
  aiContext?: string;
  tools?: unknown;
}

export async function createConversation(t: TestApp, viewer: TestViewer, metadata: Record<string, unknown> = {}): Promise<string> {
  const created = await gql(t, viewer, 'mutation($m: AWSJSON) { createConversation(input: { name: "Support", metadata: $m }) { id } }', {
    m: JSON.stringify(metadata),
  });
  return created.data?.createConversation.id as string;
}

/** The conversation's messages, oldest first. */
export async function listMessages(t: TestApp, viewer: TestViewer, conversationId: string) {
  const listed = await gql(t, viewer, LIST, { id: conversationId });
  const items = (listed.data?.listConversationMessages.items ?? []) as GqlData[];
  return items.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
}

/**
 * Sends a message while listening to the conversation's stream, and waits for the reply to end
 * (a stop reason or errors). Returns the mutation's answer and every event, in order.
 */
export async function sendAndFollow(t: TestApp, port: number, viewer: TestViewer, variables: SendVariables) {
  const client = wsClient(port, viewer);
  try {
    const stream = collect(client, STREAM, { id: variables.id });
    await settle();
    const sent = await gql(t, viewer, SEND, { ...variables });
    const events = () => stream.events.map((e) => e.onConversationStreamEvent as GqlData);
    const ended = () => events().some((e) => e.stopReason || e.errors);
    const deadline = Date.now() + 10_000;
    while (!sent.errors && !ended() && Date.now() < deadline) await settle(25);
    return { sent, message: sent.data?.sendMessage as GqlData, events: events() };
  } finally {
    await client.dispose();
  }
}
