import { checkFilterBudget } from '../data-api/filter-budget';
import type { SubscriptionFilter } from '../data-api/filter-match';
import type { Filter } from '../data-api/filter-sql';
import { getModel } from '../data-api/model-registry';
import { createItem, deleteItem, getItem, type Item, listItems, type SortDirection, updateItem } from '../data-api/model-store';
import type { ModelDef } from '../data-api/model-types';
import { dataApiModels } from '../data-api-models';
import { type GraphQLContext, itemLoader, modelContext, toGraphQLError, unauthorized } from './context';
import { AWSDateTime, AWSJSON } from './scalars';
import type { SubscriptionHub } from './subscription-hub';

type Args = Record<string, unknown>;
export type Resolver = (parent: Item, args: Args, ctx: GraphQLContext) => unknown;

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Resolvers are thin adapters over the model store; expected errors surface, others are masked. */
export function adapt(resolve: Resolver): Resolver {
  return async (parent, args, ctx) => {
    try {
      return await resolve(parent, args, ctx);
    } catch (error) {
      throw toGraphQLError(error);
    }
  };
}

const listArgs = (args: Args) => ({
  filter: args.filter as Filter | null,
  limit: args.limit as number | null,
  nextToken: args.nextToken as string | null,
});

function modelResolvers(model: ModelDef, hub: SubscriptionHub) {
  const query: Record<string, Resolver> = {
    [`get${model.name}`]: adapt((_, args, ctx) => getItem(modelContext(ctx), model, args.id)),
    [`list${model.plural}`]: adapt((_, args, ctx) => listItems(modelContext(ctx), model, listArgs(args))),
  };
  for (const index of model.indexes ?? []) {
    query[index.query] = adapt((_, args, ctx) => {
      const mctx = modelContext(ctx);
      // An index partitioned by owner answers only for the caller's own e-mail.
      if (index.hashField === 'ownerEmail' && args.ownerEmail !== mctx.viewer.email) throw unauthorized();
      return listItems(mctx, model, {
        ...listArgs(args),
        sortDirection: (args.sortDirection as SortDirection | null) ?? 'ASC',
        sortField: index.sortField,
        keyCondition: args[index.sortField] as Record<string, unknown> | null,
        equals: { [index.hashField]: args[index.hashField] },
      });
    });
  }

  const mutation: Record<string, Resolver> = {};
  if (model.create !== 'none')
    mutation[`create${model.name}`] = adapt((_, args, ctx) => createItem(modelContext(ctx), model, args.input as Item));
  if (model.update !== 'none') {
    mutation[`update${model.name}`] = adapt((_, args, ctx) =>
      updateItem(modelContext(ctx), model, args.input as Item, args.condition as Filter | null),
    );
  }
  if (model.delete !== 'none') {
    mutation[`delete${model.name}`] = adapt((_, args, ctx) =>
      deleteItem(modelContext(ctx), model, args.input as Item, args.condition as Filter | null),
    );
  }

  const subscription: Record<string, { subscribe: Resolver }> = {};
  for (const kind of model.subscriptions) {
    const field = `on${upper(kind)}${model.name}`;
    subscription[field] = {
      subscribe: adapt((_, args, ctx) => {
        const { viewer } = modelContext(ctx);
        // Owner-scoped subscriptions deliver only the caller's rows, whatever argument is sent.
        if (model.owned && args.ownerEmail != null && args.ownerEmail !== viewer.email) throw unauthorized();
        checkFilterBudget(args.filter);
        return hub.subscribe({
          model: model.name,
          kind,
          ownerEmail: model.owned ? viewer.email : null,
          filter: args.filter as SubscriptionFilter | null,
          field,
        });
      }),
    };
  }

  const type: Record<string, Resolver> = {};
  for (const relation of model.relations ?? []) {
    const target = getModel(relation.model);
    type[relation.name] =
      relation.kind === 'hasMany'
        ? adapt((parent, args, ctx) =>
            listItems(modelContext(ctx), target, {
              ...listArgs(args),
              sortDirection: (args.sortDirection as SortDirection | null) ?? 'ASC',
              equals: { [relation.field]: parent.id },
            }),
          )
        : adapt((parent, _args, ctx) => itemLoader(ctx, target).load(parent[relation.field]));
  }
  return { query, mutation, subscription, type };
}

export function buildResolvers(hub: SubscriptionHub) {
  const resolvers: Record<string, unknown> = { AWSDateTime, AWSJSON };
  const Query: Record<string, Resolver> = {};
  const Mutation: Record<string, Resolver> = {};
  const Subscription: Record<string, unknown> = {};
  for (const model of dataApiModels) {
    const r = modelResolvers(model, hub);
    Object.assign(Query, r.query);
    Object.assign(Mutation, r.mutation);
    Object.assign(Subscription, r.subscription);
    if (Object.keys(r.type).length) resolvers[model.name] = r.type;
  }
  return { ...resolvers, Query, Mutation, Subscription };
}
