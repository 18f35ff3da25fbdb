import type { CartAddedRequest } from '@aisle/contracts/visitor-chat';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/shared-chat/cart-added/`: tells the shop that the storefront's cart took a product the
 * shopper added from a card (the owner's count of add-to-carts from chat). 204; 404 when the
 * thread is not the visitor's. The cart itself is already done: a failure here changes nothing
 * the shopper sees.
 */
export const reportCartAdded = (request: CartAddedRequest) =>
  apiRequest<null>('/api/shared-chat/cart-added/', { body: request, retries: 2 });
