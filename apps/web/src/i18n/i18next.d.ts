// Keys are typed from the English files: `t('auth:title')` of a key that does not exist fails the
// type check, and so does a missing value.

import type account from './locales/en/account.json';
import type analytics from './locales/en/analytics.json';
import type assistants from './locales/en/assistants.json';
import type auth from './locales/en/auth.json';
import type channels from './locales/en/channels.json';
import type chat from './locales/en/chat.json';
import type common from './locales/en/common.json';
import type functions from './locales/en/functions.json';
import type inbox from './locales/en/inbox.json';
import type knowledge from './locales/en/knowledge.json';
import type setup from './locales/en/setup.json';
import type shopper from './locales/en/shopper.json';
import type templates from './locales/en/templates.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      account: typeof account;
      assistants: typeof assistants;
      chat: typeof chat;
      inbox: typeof inbox;
      knowledge: typeof knowledge;
      analytics: typeof analytics;
      channels: typeof channels;
      functions: typeof functions;
      templates: typeof templates;
      setup: typeof setup;
      shopper: typeof shopper;
    };
  }
}
