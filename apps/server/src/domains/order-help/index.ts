/**
 * The public entry point of `domains/order-help`: the built-in, verified order help on a connected
 * Shopify store (issue 32; docs/order-help.md). The turns engine offers its tools; anything not
 * exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { type CommerceAction, type CommerceActionInput, listCommerceActions, recordCommerceAction } from './commerce-actions';
export { orderHelpRoutes } from './order-help-routes';
export { orderHelpSettingsOf } from './order-help-settings';
export {
  type OrderHelpAsker,
  type OrderHelpContext,
  type OrderHelpToolsInput,
  type OrderToolOutput,
  orderHelpTools,
} from './order-tools';
export { forgetOwnerShops } from './owner-shops';
