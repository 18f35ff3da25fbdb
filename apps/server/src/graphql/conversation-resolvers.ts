import DataLoader from 'dataloader';
import type { Logger } from 'pino';
import type { Item } from '../data-api/model-store';
import { getMessageContents, loadOwnedConversation, STREAM_EVENT_MODEL, sendMessage } from '../domains/conversations';
import type { TurnContext } from '../domains/turns';
import { type GraphQLContext, modelContext } from './context';
import { adapt } from './resolvers';
import type { SubscriptionHub } from './subscription-hub';

const CONTENT_LOADER = 'ConversationMessage.content';

/** A page of messages loads its contents in one query (see getMessageContents). */
function contentLoader(ctx: GraphQLContext) {
  ctx.loaders ??= new Map();
  let loader = ctx.loaders.get(CONTENT_LOADER);
  if (!loader) {
    const { db, viewer } = modelContext(ctx);
    // Batching only, no cache, like the registry's loaders.
    loader = new DataLoader((ids: readonly unknown[]) => getMessageContents(db, viewer.email, ids) as Promise<(Item | null)[]>, {
      cache: false,
    });
    ctx.loaders.set(CONTENT_LOADER, loader);
  }
  return loader;
}

/** `sendMessage`, `onConversationStreamEvent` and a message's typed `content` (see domains/conversations/conversation-sdl.ts). */
export function conversationResolvers(hub: SubscriptionHub, chat: TurnContext, logger: Logger) {
  return {
    ConversationMessage: {
      // sendMessage's answer carries its content; rows read through the registry do not.
      content: adapt((parent, _args, ctx) => (parent.content !== undefined ? parent.content : contentLoader(ctx).load(parent.id))),
    },
    Mutation: {
      sendMessage: adapt((_, args, ctx) =>
        sendMessage(chat, logger, {
          ownerEmail: modelContext(ctx).viewer.email,
          conversationId: args.conversationId as string,
          content: args.content as Record<string, unknown>[],
          aiContext: args.aiContext,
          toolConfiguration: args.toolConfiguration as Record<string, unknown> | null,
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
