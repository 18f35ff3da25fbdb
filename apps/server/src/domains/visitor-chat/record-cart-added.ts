import type { CartAddedRequest } from '@aisle/contracts/visitor-chat';
import type { Db } from '../../db/database';
import { recordCommerceAction } from '../order-help';
import { askerKey } from '../turns';
import { loadVisitorThread } from './visitor-thread';

/**
 * `shared-chat/cart-added/`: the storefront's cart took a product the shopper added from a card in
 * the widget. Recorded for the thread's owner as one `added_to_cart` action (the dashboard counts
 * them). The visitor must own the thread: a wrong token, another link's thread or a missing one all
 * answer "Conversation not found." and record nothing. The cart itself is the storefront's: this
 * only says that it happened.
 */
export async function recordCartAdded(db: Db, request: CartAddedRequest): Promise<void> {
  const { share, thread } = await loadVisitorThread(db, request);
  await recordCommerceAction(db, {
    ownerEmail: thread.ownerEmail,
    kind: 'added_to_cart',
    ok: true,
    outcome: 'added',
    assistantId: share.originalAssistantId,
    sharedThreadId: thread.id,
    visitorKey: askerKey('visitor', request.visitorToken),
    detail: { variantId: request.variantId, productTitle: request.productTitle, quantity: request.quantity },
  });
}
