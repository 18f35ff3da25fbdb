import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Filter } from '../data-api/filter-sql';
import type { Item } from '../data-api/model-store';
import { sharedAssistants } from '../db/schema';
import type { ChannelsContext } from '../domains/channels';
import { replyByHand } from '../domains/channels';
import type { InboxContext } from '../domains/inbox';
import { answerUnansweredQuestion, searchSharedThreads } from '../domains/inbox';
import { markSharedThreadRead, summarizeOnDemand } from '../domains/shared-threads';
import { deleteShare, themeOf, updateShare } from '../domains/sharing';
import { AppError } from '../lib/app-error';
import { type GraphQLContext, modelContext, unauthorized } from './context';
import { adapt } from './resolvers';

const THEME_LOADER = 'SharedAssistant.theme';

/** A page of shares loads its themes in one query (registry reads carry only registry fields). */
function themeLoader(ctx: GraphQLContext) {
  ctx.loaders ??= new Map();
  let loader = ctx.loaders.get(THEME_LOADER);
  if (!loader) {
    const { db, viewer } = modelContext(ctx);
    loader = new DataLoader(
      async (ids: readonly unknown[]) => {
        const rows = await db
          .select({ id: sharedAssistants.id, ownerEmail: sharedAssistants.ownerEmail, theme: sharedAssistants.theme })
          .from(sharedAssistants)
          .where(inArray(sharedAssistants.id, ids as string[]));
        const byId = new Map(rows.filter((row) => row.ownerEmail === viewer.email).map((row) => [row.id, themeOf(row)]));
        // A share that is not the caller's is never a parent here (registry reads are scoped).
        return ids.map((id) => (byId.get(id as string) ?? themeOf({ theme: null })) as unknown as Item);
      },
      { cache: false },
    );
    ctx.loaders.set(THEME_LOADER, loader);
  }
  return loader;
}

/** The registry's own answer for another owner's share: "Unauthorized", as every data API write. */
async function asDataApi<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw unauthorized();
    throw error;
  }
}

const isAfter = (a: unknown, b: unknown) => typeof a === 'string' && (typeof b !== 'string' || Date.parse(a) > Date.parse(b));

/**
 * Resolvers of domains/inbox/inbox-sdl.ts; `updateSharedAssistant` and `deleteSharedAssistant`
 * replace the registry's. A manual reply goes through the channels (a channel customer's thread
 * sends it on their platform; a web visitor's is the inbox's own reply).
 */
export function inboxResolvers(inbox: InboxContext, channels: ChannelsContext) {
  return {
    SharedAssistant: {
      theme: adapt((parent, _args, ctx) => (parent.theme !== undefined ? parent.theme : themeLoader(ctx).load(parent.id))),
    },
    SharedThread: {
      unread: (parent: Item) => isAfter(parent.lastVisitorMessageAt, parent.ownerLastReadAt),
    },
    Query: {
      searchSharedThreads: adapt((_, args, ctx) =>
        searchSharedThreads(modelContext(ctx).db, {
          ownerEmail: modelContext(ctx).viewer.email,
          query: args.query as string | null,
          sharedAssistantID: args.sharedAssistantID as string | null,
          origin: args.origin as string | null,
          needsHuman: args.needsHuman as boolean | null,
          limit: args.limit as number | null,
          nextToken: args.nextToken as string | null,
        }),
      ),
    },
    Mutation: {
      updateSharedAssistant: adapt((_, args, ctx) => {
        const { viewer, db, events } = modelContext(ctx);
        const changes = args.input as Record<string, unknown>;
        return asDataApi(() =>
          updateShare({ db, events }, { ownerEmail: viewer.email, changes, condition: args.condition as Filter | null }),
        );
      }),
      deleteSharedAssistant: adapt((_, args, ctx) => {
        const { viewer, db, events } = modelContext(ctx);
        const id = String((args.input as { id: unknown }).id);
        return asDataApi(() => deleteShare({ db, events }, { ownerEmail: viewer.email, id, condition: args.condition as Filter | null }));
      }),
      sendManualReply: adapt((_, args, ctx) =>
        replyByHand(channels, {
          ownerEmail: modelContext(ctx).viewer.email,
          sharedThreadId: args.sharedThreadId as string,
          content: args.content as string,
        }),
      ),
      answerUnansweredQuestion: adapt((_, args, ctx) =>
        answerUnansweredQuestion(inbox, {
          ownerEmail: modelContext(ctx).viewer.email,
          id: args.id as string,
          answer: args.answer as string,
        }),
      ),
      markSharedThreadRead: adapt((_, args, ctx) =>
        markSharedThreadRead(inbox, { ownerEmail: modelContext(ctx).viewer.email, id: args.id as string }),
      ),
      summarizeSharedThread: adapt((_, args, ctx) =>
        summarizeOnDemand(inbox, { ownerEmail: modelContext(ctx).viewer.email, id: args.id as string }),
      ),
    },
  };
}
