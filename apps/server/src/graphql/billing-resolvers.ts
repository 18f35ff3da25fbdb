import { ACCOUNT_MODEL } from '../domains/billing';
import { modelContext } from './context';
import { adapt } from './resolvers';
import type { SubscriptionHub } from './subscription-hub';

/** `onUpdateAccount`: the caller's own account events (domains/billing/account-events.ts). */
export function billingResolvers(hub: SubscriptionHub) {
  return {
    Subscription: {
      onUpdateAccount: {
        subscribe: adapt((_parent, _args, ctx) =>
          hub.subscribe({
            model: ACCOUNT_MODEL,
            kind: 'update',
            ownerEmail: modelContext(ctx).viewer.email,
            filter: null,
            field: 'onUpdateAccount',
          }),
        ),
      },
    },
  };
}
