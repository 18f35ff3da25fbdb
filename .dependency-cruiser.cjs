/**
 * The allowed direction of dependencies, checked by `npm run lint:deps` (part of `npm test`).
 *
 * Server (apps/server/src): transports (app.ts, main.ts, worker.ts, graphql/, http/, webhooks/, jobs/, cli/)
 * → domains → data-api/, lib/, db/. Domains are layered: a domain may import only the domains
 * listed after it in SERVER_DOMAINS, so no import cycle between domains can exist. A new domain
 * goes into the list at its place (one that is missing may import no other domain).
 *
 * Web (apps/web/src): shared (components/, lib/, hooks/, config/) → features → app/. Features
 * never import each other; the storefront widget (widget/) stands alone.
 */

/** Server domains, highest first: each may import the ones after it, never the ones before. */
const SERVER_DOMAINS = [
  // Everything an account owns, as a whole: moved to a new address when the owner's e-mail changes,
  // erased when the account is deleted. It reaches every domain that keeps some (stores and their
  // files, exports, sealed secrets of variables, shops and channels) and none calls it.
  'account-data',
  // The wizard drives the others' operations (stores, assistants, shares, Shopify) and none calls it.
  'setup-wizard',
  // The Get started checklist: reads what a merchant has made (stores, files, assistants, chats,
  // shares, channels) straight from the tables, and no domain calls it.
  'onboarding',
  // Stripe and Shopify Billing: checkouts, the portal and the providers' webhooks. Above shopify
  // (it charges through the shop's Admin client); every balance and tier change goes through billing.
  'payments',
  // An assistant's test suite (issue 35): asks the turns engine as a shopper would, writes cases
  // from knowledge's sections and products, notifies the owner; no domain calls it.
  'test-suites',
  'chat',
  // Channels, visitor chat and conversations are transports over the turns engine: each parses its
  // input, calls turns' runTurn with its thread kind's store, and adapts the events to its wire.
  'channels',
  'visitor-chat',
  'conversations',
  // The one owner of shared threads and their messages (a visitor's or a channel customer's): their
  // turn store, the writes, the manual reply and the turn's outcome. Above inbox (live, summaries).
  'shared-threads',
  'inbox',
  'sharing',
  'assistants',
  'analytics',
  'turns',
  // Verified order help on a connected Shopify store (issue 32): the turns engine offers its tools;
  // it looks orders up and acts on them through shopify's Admin client, and mails codes (accounts).
  'order-help',
  'templates',
  'functions',
  // Below functions: the `aisle.shopifyAdmin` ability calls the shop through shopify's Admin client.
  'shopify',
  'variables',
  'ai',
  'knowledge',
  // Below knowledge, functions and assistants (their tier limits), above notifications (its notices).
  'billing',
  'notifications',
  'exports',
  'announcements',
  // Users, sign-in, tokens and sessions (token signing and versions included).
  'accounts',
];

const DOMAINS = '^apps/server/src/domains/';
const NOT_TESTS = ['\\.test\\.ts$', '^apps/server/src/testing/'];

const domainLayerRules = SERVER_DOMAINS.slice(1).map((domain, index) => ({
  name: `domain-layers:${domain}`,
  severity: 'error',
  comment: `domains/${domain} may not import a domain above it (${SERVER_DOMAINS.slice(0, index + 1).join(', ')}): that is the other direction, and would allow a cycle.`,
  from: { path: `${DOMAINS}${domain}/`, pathNot: NOT_TESTS },
  to: { path: `${DOMAINS}(${SERVER_DOMAINS.slice(0, index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, in the server or the web app.',
      from: { path: '^apps/(server|web)/src/' },
      // Cycles that exist when the code runs: a type-only import is erased and cannot form one.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...domainLayerRules,
    {
      name: 'domain-entry-point',
      severity: 'error',
      comment:
        'Another domain reaches a domain only through its public entry point, domains/<name>/index.ts; its other files are its own. Export what is needed there.',
      from: { path: `${DOMAINS}([^/]+)/` },
      to: { path: `${DOMAINS}[^/]+/.+`, pathNot: [`${DOMAINS}$1/`, `${DOMAINS}[^/]+/index\\.ts$`] },
    },
    {
      name: 'entry-point-for-transports',
      severity: 'error',
      comment:
        'Transports (app.ts, graphql/, http/, webhooks/, jobs/, cli/), services.ts, the test kit and every test outside a domain reach it only through domains/<name>/index.ts.',
      from: { path: '^apps/server/src/', pathNot: DOMAINS },
      to: { path: `${DOMAINS}[^/]+/.+`, pathNot: `${DOMAINS}[^/]+/index\\.ts$` },
    },
    {
      name: 'domain-not-layered',
      severity: 'error',
      comment: 'A server domain that is not in SERVER_DOMAINS (.dependency-cruiser.cjs) may not import other domains: add it to the list.',
      from: { path: `${DOMAINS}(?!(${SERVER_DOMAINS.join('|')})/)([^/]+)/`, pathNot: NOT_TESTS },
      to: { path: DOMAINS, pathNot: `${DOMAINS}$2/` },
    },
    {
      name: 'foundation-imports-no-domain',
      severity: 'error',
      comment: 'data-api/, lib/ and db/ are below every domain: domains register with them, never the reverse.',
      from: { path: '^apps/server/src/(data-api|lib|db)/', pathNot: NOT_TESTS },
      to: { path: '^apps/server/src/(domains|graphql|http|webhooks|jobs|cli)/|^apps/server/src/(app|main|worker|services)\\.ts$' },
    },
    {
      name: 'domains-import-no-transport',
      severity: 'error',
      comment:
        'Domains never import the GraphQL or webhook transports, the job list or the entry points (transports adapt; the domain decides).',
      from: { path: DOMAINS, pathNot: NOT_TESTS },
      to: { path: '^apps/server/src/(graphql|webhooks|jobs|cli)/|^apps/server/src/(app|main|worker)\\.ts$' },
    },
    {
      name: 'web-features-stand-alone',
      severity: 'error',
      comment: 'A web feature never imports another feature: move the shared part to components/, lib/, hooks/ or app/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'components/, lib/, hooks/ and config/ are shared by every feature: they import no feature and not the app layer.',
      from: { path: '^apps/web/src/(components|lib|hooks|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-widget-stands-alone',
      severity: 'error',
      comment: 'The storefront widget loads on shops’ pages: it imports nothing of the app.',
      from: { path: '^apps/web/src/widget/' },
      to: { path: '^apps/web/src/(features|app|components|lib|hooks)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
