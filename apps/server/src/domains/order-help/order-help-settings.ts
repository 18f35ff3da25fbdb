import { type OrderHelpAction, type OrderHelpSettings, orderHelpActions } from '@aisle/contracts/commerce';

export { orderHelpSettingsOf } from '@aisle/contracts/commerce';

/** The actions switched on, in the contract's order. */
export const enabledActions = (settings: OrderHelpSettings): OrderHelpAction[] => orderHelpActions.filter((action) => settings[action]);
