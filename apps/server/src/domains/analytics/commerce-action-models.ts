import { ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { commerceActions } from '../../db/schema';

/**
 * The owner's log of what the chat did for shoppers (issue 32; `commerce_actions`, written by
 * order-help): orders looked up, returns started, addresses changed, confirmations resent, cart
 * additions, failed and refused tries included. Read-only and owner-scoped like every owned model;
 * who asked (`visitor_key`, a digest the guessing limits count) stays on the server.
 *
 * The rows are never changed, so they have no `updated_at`: the data API answers `updatedAt` from
 * `createdAt` (data-api/model-fields.ts).
 */
export const commerceActionModels: ModelDef[] = [
  {
    name: 'CommerceAction',
    plural: 'CommerceActions',
    table: commerceActions,
    owned: true,
    fields: [
      // `commerceActionKinds`: order_status, return_started, address_changed, confirmation_resent, added_to_cart.
      ro('kind', 'String', { required: true }),
      ro('ok', 'Boolean', { required: true }),
      // The order tool's outcome (`orderToolOutcomes`), or `added` for a cart addition.
      ro('outcome', 'String', { required: true }),
      ro('orderName', 'String'),
      ro('shopDomain', 'String'),
      ro('assistantId', 'ID'),
      // The shopper's thread, spelled like SharedMessage's and UnansweredQuestion's; null in the owner's own chat.
      ro('sharedThreadID', 'ID', { column: 'sharedThreadId' }),
      ro('detail', 'AWSJSON'),
    ],
    create: 'none',
    update: 'none',
    delete: 'none',
    subscriptions: [],
    indexes: [
      { query: 'commerceActionsByOwnerEmail', hashField: 'ownerEmail', sortField: 'createdAt' },
      // The inbox shows a thread's actions beside its messages.
      { query: 'commerceActionsBySharedThreadID', hashField: 'sharedThreadID', sortField: 'createdAt' },
    ],
  },
];
