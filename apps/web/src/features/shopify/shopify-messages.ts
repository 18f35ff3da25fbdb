import { i18n } from '@/i18n/i18n';

/** Spec §8 "Embedded": what the embedded app says when a Shopify step fails, exactly (in English). */
const english = {
  callbackFailed: 'Failed to complete Shopify authentication',
  refreshFailed: 'Failed to refresh Shopify access token. Please login again.',
  refreshWithoutToken: 'Failed to refresh access token. Please login again.',
  authorizeFailed: 'Failed to authorize request.',
  networkError: 'A network error has occurred.',
} as const;

const KEYS = {
  callbackFailed: 'setup:shopify.messages.callbackFailed',
  refreshFailed: 'setup:shopify.messages.refreshFailed',
  refreshWithoutToken: 'setup:shopify.messages.refreshWithoutToken',
  authorizeFailed: 'setup:shopify.messages.authorizeFailed',
  networkError: 'setup:shopify.messages.networkError',
} as const;

/**
 * The same texts in the interface's language, read when they are shown. The sign-in flows may
 * fail before the `setup` file has loaded: the English text stands in until it has.
 */
const text = (name: keyof typeof english): string => i18n.t(KEYS[name], { defaultValue: english[name] }) || english[name];

export const shopifyMessages = {
  get callbackFailed() {
    return text('callbackFailed');
  },
  get refreshFailed() {
    return text('refreshFailed');
  },
  get refreshWithoutToken() {
    return text('refreshWithoutToken');
  },
  get authorizeFailed() {
    return text('authorizeFailed');
  },
  get networkError() {
    return text('networkError');
  },
};
