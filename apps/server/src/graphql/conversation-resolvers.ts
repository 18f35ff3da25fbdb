import type { Logger } from 'pino';
import type { ChatContext } from '../domains/chat/run-turn';
import { loadOwnedConversation, STREAM_EVENT_MODEL, sendMessage } from '../domains/conversations/send-message';
import { modelContext } from './context';
import { adapt } from './resolvers';
import type { SubscriptionHub } from './subscription-hub';

/** `sendMessage` and `onConversationStreamEvent` (see domains/conversations/conversation-sdl.ts). */
export function conversationResolvers(hub: SubscriptionHub, chat: ChatContext, logger: Logger) {
  return {
    Mutation: {
      sendMessage: adapt((_, args, ctx) =>
        sendMessage(chat, logger, {
          ownerEmail: modelContext(ctx).viewer.email,
          conversationId: args.conversationId as string,
          content: args.content as Record<string, unknown>[],
          aiContext: args.aiContext,
          toolConfiguration: args.toolConfiguration,
        }),
      ),
    },
    Subscription: {
      onConversationStreamEvent: {
        subscribe: adapt(async (_, args, ctx) => {
          const { viewer } = modelContext(ctx);
          // Only the conversation's owner may listen; another user's id reads as not found.
          const conversation = await loadOwnedConversation(chat, viewer.email, args.conversationId as string);
          return hub.subscribe({
            model: STREAM_EVENT_MODEL,
            kind: 'create',
            ownerEmail: viewer.email,
            filter: { conversationId: { eq: conversation.id } },
            field: 'onConversationStreamEvent',
          });
        }),
      },
    },
  };
}
