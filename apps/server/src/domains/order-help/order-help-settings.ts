import {
  DEFAULT_ORDER_HELP_SETTINGS,
  type OrderHelpAction,
  type OrderHelpSettings,
  orderHelpActions,
  orderHelpSettingsSchema,
} from '@aisle/contracts/commerce';

/**
 * The actions an assistant may take (`assistants.order_help`): null, or a value that is not a
 * settings object, is every action on; a stored object may name only some (the rest stay on).
 */
export function orderHelpSettingsOf(stored: unknown): OrderHelpSettings {
  if (stored === null || stored === undefined) return DEFAULT_ORDER_HELP_SETTINGS;
  const parsed = orderHelpSettingsSchema.partial().safeParse(stored);
  return { ...DEFAULT_ORDER_HELP_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

/** The actions switched on, in the contract's order. */
export const enabledActions = (settings: OrderHelpSettings): OrderHelpAction[] => orderHelpActions.filter((action) => settings[action]);
