import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { decodeVariablesKey, loadOrCreateVariablesKey, variablesKeyRule } from './domains/variables';

/**
 * The service's configuration, parsed once at boot. This is the only module that reads
 * `process.env` (STYLE habit 5); everything else receives a typed `Env`.
 */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const bool = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : String(v).toLowerCase()),
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
);

/**
 * What the Shopify integration reads (spec §1: the wizard imports pages, blogs, products and theme
 * colours; the catalog sync reads stock; the order-status tool reads orders). App-data metafields
 * (`metafieldsSet` on `currentAppInstallation`, the storefront configuration) need no scope of
 * their own: Shopify lets an app write its own installation's metafields with any valid token.
 * The built-in order help (domains/order-help, docs/order-help.md) also changes a shipping address
 * and resends an order's e-mail (`write_orders`: orderUpdate, orderInvoiceSend), starts returns
 * (`write_returns`: returnableFulfillments, returnRequest) and reads the store's return window
 * (`read_legal_policies`: returnPolicyProfiles). A write scope grants its read scope (Shopify says
 * so, and the library drops the read one from the request): `write_orders` stands for `read_orders`.
 */
export const DEFAULT_SHOPIFY_SCOPES =
  'read_products,read_inventory,read_content,read_themes,write_orders,write_returns,read_legal_policies';

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).meta({ description: 'HTTP port.' }),
  HOST: z.string().min(1).default('0.0.0.0').meta({ description: 'Interface to listen on.' }),
  DATA_DIR: z.string().min(1).default('./data').meta({
    description:
      'Embedded database (`db/`), uploaded media (`media/`), knowledge files (`files/`), prepared downloads (`exports/`) and the generated JWT secret and variables encryption key.',
  }),
  PUBLIC_URL: optionalUrl.meta({
    description: 'Public origin of the app: links in e-mails, avatar URLs, default CORS origin.',
    unset: '`http://localhost:$PORT`',
  }),
  CORS_ORIGINS: optionalString.meta({
    description: 'Comma-separated origins allowed to call the API from a browser.',
    unset: 'the origin of `PUBLIC_URL`',
  }),
  DATABASE_URL: optionalUrl.meta({
    description:
      '`postgres://…` to use a Postgres 15+ server instead; pgvector is used when the extension exists (otherwise a start-up warning).',
    unset: 'unset (embedded PGlite)',
  }),
  REDIS_URL: optionalUrl.meta({
    description: '`redis://…` to fan live events out through Redis and keep rate-limit counters there, for several app instances.',
    unset: 'unset (in-process)',
  }),
  ROLE: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(['web', 'worker', 'all']).default('all'))
    .meta({
      description:
        'What this process runs: `all` serves the app and runs the background jobs (indexing, embeddings, thread summaries, Shopify catalog sync, channel answers and sends) in one process; `web` serves the app and only queues jobs; `worker` runs the jobs and serves nothing (no port). `web` and `worker` need `DATABASE_URL`: on the embedded database the server refuses them at start-up, since one data directory must never be opened by two processes.',
    }),
  JWT_SECRET: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional())
    .meta({
      description: 'Signing key of access and refresh tokens (at least 32 characters). Set it, the same everywhere, when scaled out.',
      unset: 'generated into `DATA_DIR/jwt-secret`',
    }),
  VARIABLES_ENCRYPTION_KEY: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine((v) => decodeVariablesKey(v) !== undefined, variablesKeyRule)
        .optional(),
    )
    .meta({
      description:
        "Key that encrypts secret variables, Shopify tokens and messaging channels' tokens (AES-256-GCM): 32 bytes as base64 or 64 hex characters, e.g. `openssl rand -base64 32`. Set it, the same everywhere, when scaled out; keep it backed up, since secrets saved under a lost key cannot be read again.",
      unset: 'generated into `DATA_DIR/variables-encryption-key`',
    }),
  ACCESS_TOKEN_LIFETIME: z.coerce.number().int().positive().default(300).meta({ description: 'Access-token lifetime in seconds.' }),
  REFRESH_TOKEN_LIFETIME: z.coerce
    .number()
    .int()
    .positive()
    .default(86_400)
    .meta({ description: 'Refresh-token lifetime in seconds (tokens rotate on every refresh).' }),
  EMAIL_CONFIRMATION_LIFETIME: z.coerce
    .number()
    .int()
    .positive()
    .default(3 * 86_400)
    .meta({ description: 'How long an e-mail verification link stays valid, in seconds.' }),
  PASSWORD_RESET_LIFETIME: z.coerce
    .number()
    .int()
    .positive()
    .default(86_400)
    .meta({ description: 'How long a password-reset link stays valid, in seconds.' }),
  SMTP_HOST: optionalString.meta({
    description: 'SMTP server for outgoing e-mail; without it each e-mail is one log line with its link.',
    unset: 'unset (log e-mails)',
  }),
  SMTP_PORT: z.coerce.number().int().positive().default(587).meta({ description: 'SMTP port.' }),
  SMTP_USER: optionalString.meta({ description: 'SMTP credentials.', unset: 'unset' }),
  SMTP_PASSWORD: optionalString.meta({ description: 'SMTP credentials.', unset: 'unset' }),
  SMTP_SECURE: bool.meta({ description: '`true` for implicit TLS (port 465).', unset: '`false`' }),
  EMAIL_FROM: z.string().default('Aisle <no-reply@aisle.local>').meta({ description: 'Sender of outgoing e-mail.' }),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1_048_576)
    .meta({ description: 'Largest JSON request body, in bytes (413 above).' }),
  GRAPHQL_BODY_LIMIT: z.coerce.number().int().positive().default(8_388_608).meta({
    description:
      'Largest GraphQL request or WebSocket message, in bytes: conversation messages carry images and documents as base64 blocks.',
  }),
  AVATAR_MAX_BYTES: z.coerce.number().int().positive().default(2_097_152).meta({ description: 'Largest avatar upload, in bytes.' }),
  AUTH_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .meta({ description: 'Requests per minute per client on each authentication call (token, refresh, sign-up, password reset).' }),
  SHARED_CHAT_VISITOR_RATE_LIMIT: z.coerce.number().int().positive().default(20).meta({
    description:
      "Messages per minute one visitor may send to a shared assistant, counted by visitor token. New threads are counted by address instead, at 3× this (a household or an office behind one address); so are follow-ups whose visitor token matches no thread. A real visitor's follow-ups never count against their address.",
  }),
  SHARED_CHAT_TOKEN_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(600)
    .meta({ description: 'Messages per minute all visitors of one share link may send together (bounds what a link can cost its owner).' }),
  SHARED_CHAT_READ_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(120)
    .meta({ description: 'Other public chat calls per minute per visitor: opening a link, loading a thread, the live event stream.' }),
  GRAPHQL_RATE_LIMIT: z.coerce.number().int().positive().default(600).meta({
    description:
      '`/graphql` requests per minute per account (per address without a valid token); over it, 429 with a GraphQL `RATE_LIMITED` error. Counted in Redis when scaled out.',
  }),
  DATABASE_STATEMENT_TIMEOUT: z.coerce.number().min(0).max(3600).default(15).meta({
    description:
      'Longest a statement may run on Postgres, in seconds (`0`: no limit); a stopped one answers 503 "The request took too long…". Migrations are exempt. PGlite cannot stop a statement, so on the embedded database the data API\'s input budgets bound the work instead.',
  }),
  FUNCTION_RUN_RATE_LIMIT: z.coerce.number().int().positive().default(60).meta({
    description:
      "Function runs, initializations and fixes per minute per owner (`functions/run|initialize|fix/`); they share the sandbox's workers.",
  }),
  ANALYTICS_REFRESH_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(6)
    .meta({ description: "Dashboard refreshes per minute per owner (`analytics/refresh/`); each recomputes the owner's analytics." }),
  THREAD_SUMMARY_QUIET_MINUTES: z.coerce
    .number()
    .positive()
    .max(10_080)
    .default(10)
    .meta({ description: "A shared thread gets its summary (with the assistant's model) once it has been quiet this long." }),
  TEST_RUN_DEBOUNCE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(15).meta({
    description:
      "An assistant's test suite runs again this long after the last change to what it answers from (a file indexed, its instructions or model edited); only for suites the owner has run once.",
  }),
  TRUST_PROXY: bool.meta({
    description:
      '**Set `true` behind a reverse proxy or load balancer** (see "Behind a proxy" below): client addresses (rate limits, logs) then come from `X-Forwarded-For`. Left `false` there, every visitor shares the proxy\'s address and new public chats are throttled together.',
    unset: '`false`',
  }),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1).meta({
    description:
      'Web processes `npm start` runs on one port (node:cluster), to use more than one core. Needs `DATABASE_URL` and `REDIS_URL`; on the embedded database it stays one process (with a warning). With `ROLE=all` the first process also runs the jobs.',
  }),
  TURN_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(16).meta({
    description:
      'Answers (owner chat, public chat) that may be starting at once in one process, from the question up to the first token; more wait their turn, taken fairly across share links.',
  }),
  TURN_MAX_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(3_000).meta({
    description:
      'A new answer that would wait longer than this for its start is refused at once with 503 `{"detail": "The assistant is busy right now. Please try again in a moment.", "code": "busy"}` and `Retry-After`; nothing is stored, and the chat page says "Busy, retrying in a moment…" and sends again.',
  }),
  TURN_MAX_LOOP_DELAY_MS: z.coerce.number().int().min(1).max(600_000).default(500).meta({
    description: 'Event-loop delay (p99 over half a second) above which answers that would have to wait are refused the same way.',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta({ description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.' }),
  WEB_DIST_DIR: optionalString.meta({ description: 'Where the built web app is served from.', unset: '`apps/web/dist`' }),
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024)
    .meta({ description: 'Largest knowledge file, in bytes (25 MB): bigger files are refused before upload.' }),
  UPLOAD_URL_LIFETIME: z.coerce
    .number()
    .int()
    .positive()
    .default(900)
    .meta({ description: 'How long a signed upload URL stays valid, in seconds.' }),
  INGEST_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(2)
    .meta({ description: 'Files indexed at the same time by each process that runs jobs (`ROLE` `worker` or `all`).' }),
  EMBEDDING_PROVIDER: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(['openai']).optional())
    .meta({
      description:
        '`openai` to add vector search (pgvector) to lexical ranking, fused by reciprocal rank. Existing passages are embedded in the background at the next start.',
      unset: 'unset (lexical retrieval)',
    }),
  EMBEDDING_MODEL: optionalString.meta({
    description: 'Embedding model name, e.g. `text-embedding-3-small`; required with `EMBEDDING_PROVIDER`.',
    unset: 'unset',
  }),
  EMBEDDING_BASE_URL: optionalUrl.meta({
    description: 'Any OpenAI-compatible server with an `/embeddings` endpoint.',
    unset: '`https://api.openai.com/v1`',
  }),
  EMBEDDING_API_KEY: optionalString.meta({ description: 'Key for the embeddings API.', unset: '`OPENAI_API_KEY`' }),
  OPENAI_API_KEY: optionalString.meta({
    description:
      'Turns on the OpenAI chat models (gpt-4.1, gpt-4.1-mini, gpt-4.1-nano, gpt-4o, gpt-4o-mini, o4-mini), called through chat completions.',
    unset: 'unset',
  }),
  OPENAI_BASE_URL: optionalUrl.meta({
    description:
      'Any OpenAI-compatible chat-completions server (Ollama, vLLM, OpenRouter); setting it alone (no key) turns the provider on.',
    unset: '`https://api.openai.com/v1`',
  }),
  OPENAI_MODELS: optionalString.meta({
    description:
      'Comma-separated model ids that server offers, e.g. `llama3.1,qwen2.5`. With a custom `OPENAI_BASE_URL` only these are listed; unpriced models cost 0.',
    unset: 'unset',
  }),
  ANTHROPIC_API_KEY: optionalString.meta({
    description: 'Turns on the Anthropic models (claude-sonnet-4-5, claude-haiku-4-5, claude-opus-4-1).',
    unset: 'unset',
  }),
  SHOPIFY_API_KEY: optionalString.meta({
    description:
      'The Shopify app\'s client id and secret (Partner Dashboard). Both set turn the integration on; without them every `/api/sh/` call answers 404 `{"detail": "Shopify is not configured."}`. The secret also verifies webhooks and App Bridge session tokens.',
    unset: 'unset (Shopify off)',
  }),
  SHOPIFY_API_SECRET: optionalString.meta({
    description:
      'The Shopify app\'s client id and secret (Partner Dashboard). Both set turn the integration on; without them every `/api/sh/` call answers 404 `{"detail": "Shopify is not configured."}`. The secret also verifies webhooks and App Bridge session tokens.',
    unset: 'unset (Shopify off)',
  }),
  SHOPIFY_SCOPES: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^\s*[a-z_]+(\s*,\s*[a-z_]+)*\s*$/, 'must be comma-separated scope names such as read_products,read_orders')
        .default(DEFAULT_SHOPIFY_SCOPES),
    )
    .meta({
      description:
        "Access scopes asked for at install: products, stock, pages and blogs, themes; orders (lookups, address changes, resent confirmations: `write_orders` grants `read_orders`), returns (`write_returns`), and the store's return rules (`read_legal_policies`). App-data metafields need no scope of their own. Order e-mails and phones are protected customer data: see [docs/order-help.md](docs/order-help.md).",
    }),
  SHOPIFY_API_VERSION: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^(\d{4}-(01|04|07|10)|unstable)$/, 'must be a Shopify API version such as 2026-10')
        .default('2026-10'),
    )
    .meta({ description: 'Admin API version of every Shopify call (`YYYY-MM`).' }),
  SHOPIFY_ADMIN_API_ORIGIN: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine((v) => URL.canParse(v.replaceAll('{shop}', 'example.myshopify.com')), 'must be a URL (with {shop} for the shop domain)')
        .transform((v) => v.replace(/\/+$/, ''))
        .default('https://{shop}'),
    )
    .meta({
      description:
        'Where OAuth, token exchange, token refresh and Admin GraphQL calls for a shop go, `{shop}` standing for its domain: a proxy, or a fake store on loopback in tests (`http://127.0.0.1:PORT/{shop}`).',
    }),
  ORDER_RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(3650).default(30).meta({
    description:
      "The return window the order help applies, counted from each item's delivery, when the store's own return rules cannot be read.",
  }),
  SHOPIFY_APP_BRIDGE_URL: z
    .preprocess((v) => (v === '' ? undefined : v), z.url().default('https://cdn.shopify.com/shopifycloud/app-bridge.js'))
    .meta({
      description:
        "Where the embedded page loads App Bridge from (first in its head, allowed by the page's CSP). Tests point it at a stub.",
    }),
  FRAME_ANCESTORS: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.url('must be comma-separated origins such as https://admin.example.com')))
        .default([]),
    )
    .meta({
      description:
        "Origins, comma-separated, that may frame the app besides the Shopify admin (`https://admin.shopify.com`, `https://*.myshopify.com`), e.g. a test's host page.",
    }),
  STRIPE_SECRET_KEY: optionalString.meta({
    description:
      'Stripe\'s secret key (`sk_…`): web users can subscribe to a paid tier and top up their credit through Stripe Checkout, and manage the subscription in Stripe\'s customer portal. Without it the Account screen shows paid plans as not available on this server, the payment calls answer 404 `{"code": "payments_unavailable"}`, and everything else runs.',
    unset: 'unset (card payments off)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalString.meta({
    description:
      "The webhook endpoint's signing secret (`whsec_…`) for `POST /api/stripe/webhook/` (404 without it). Subscribe the endpoint to `checkout.session.completed`, `invoice.paid`, `invoice.payment_failed`, `customer.subscription.updated`, `customer.subscription.deleted` and `charge.refunded`.",
    unset: 'unset',
  }),
  STRIPE_API_ORIGIN: optionalUrl.meta({
    description:
      "Where Stripe API calls go (the `stripe` package's host, port and protocol): a proxy, or the fake Stripe on loopback in tests.",
    unset: '`https://api.stripe.com`',
  }),
  SHOPIFY_BILLING_TEST: bool.meta({
    description: '`true` creates Shopify charges as test charges (development stores cannot pay real ones).',
    unset: '`false`',
  }),
  DOWNLOAD_LINK_LIFETIME: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 86_400)
    .meta({
      description:
        "How long a signed download link (a notification's `presignedGet`, e.g. a customer's data for a Shopify data request) stays valid, in seconds.",
    }),
  META_APP_ID: optionalString.meta({
    description:
      'The Meta app (developers.facebook.com) behind Instagram, Messenger and WhatsApp: its id and secret, and the verify token its webhook subscriptions are given. All three turn the three channels on; without them their calls answer 404 `{"detail": "Instagram, Messenger and WhatsApp are not configured on this server."}`. The secret also checks `X-Hub-Signature-256` and Meta\'s `signed_request`.',
    unset: 'unset (Meta channels off)',
  }),
  META_APP_SECRET: optionalString.meta({
    description:
      'The Meta app (developers.facebook.com) behind Instagram, Messenger and WhatsApp: its id and secret, and the verify token its webhook subscriptions are given. All three turn the three channels on; without them their calls answer 404 `{"detail": "Instagram, Messenger and WhatsApp are not configured on this server."}`. The secret also checks `X-Hub-Signature-256` and Meta\'s `signed_request`.',
    unset: 'unset (Meta channels off)',
  }),
  META_VERIFY_TOKEN: optionalString.meta({
    description:
      'The Meta app (developers.facebook.com) behind Instagram, Messenger and WhatsApp: its id and secret, and the verify token its webhook subscriptions are given. All three turn the three channels on; without them their calls answer 404 `{"detail": "Instagram, Messenger and WhatsApp are not configured on this server."}`. The secret also checks `X-Hub-Signature-256` and Meta\'s `signed_request`.',
    unset: 'unset (Meta channels off)',
  }),
  META_GRAPH_API_ORIGIN: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .url()
        .transform((v) => v.replace(/\/+$/, ''))
        .default('https://graph.facebook.com'),
    )
    .meta({
      description:
        "Where Graph API calls go (a proxy, or a fake on loopback in tests). Facebook Login's dialog is on `www.facebook.com` for the real Graph API, and on this origin for any other.",
    }),
  META_GRAPH_API_VERSION: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^v\d{1,3}\.\d$/, 'must be a Graph API version such as v25.0')
        .default('v25.0'),
    )
    .meta({ description: 'Graph API version of every Meta call (`vNN.N`).' }),
  LINE_API_ORIGIN: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .url()
        .transform((v) => v.replace(/\/+$/, ''))
        .default('https://api.line.me'),
    )
    .meta({
      description:
        "Where LINE Messaging API calls go (a fake on loopback in tests). LINE needs no operator configuration: each channel's ID, secret and access token are entered by its owner on `/social`.",
    }),
  ANTHROPIC_BASE_URL: optionalUrl.meta({
    description: 'Anthropic API base URL (a proxy or gateway).',
    unset: '`https://api.anthropic.com/v1`',
  }),
  DEFAULT_MODEL: optionalString.meta({
    description:
      'Model of assistants that name none, as `provider:model`, e.g. `openai:gpt-4.1-mini`. The built-in `local:extractive` needs no key and no network.',
    unset: 'first OpenAI model, else first Anthropic model, else `local:extractive`',
  }),
  S3_BUCKET: optionalString.meta({
    description:
      'An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…) for knowledge files, avatars and prepared downloads: browsers upload to it and download from it through presigned URLs, so web and worker processes need no shared disk. See [docs/storage.md](docs/storage.md).',
    unset: 'unset (files under `DATA_DIR`)',
  }),
  S3_ENDPOINT: optionalUrl.meta({
    description: "The storage's endpoint when it is not AWS S3, e.g. `http://minio:9000`.",
    unset: 'unset (AWS S3)',
  }),
  S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('us-east-1')).meta({ description: "The bucket's region." }),
  S3_ACCESS_KEY_ID: optionalString.meta({
    description: "The bucket's credentials; set both or neither (neither uses instance roles or the `AWS_*` variables).",
    unset: "unset (the AWS SDK's own credentials)",
  }),
  S3_SECRET_ACCESS_KEY: optionalString.meta({
    description: "The bucket's credentials; set both or neither (neither uses instance roles or the `AWS_*` variables).",
    unset: "unset (the AWS SDK's own credentials)",
  }),
  S3_FORCE_PATH_STYLE: bool.meta({
    description: '`true` for path-style URLs (`endpoint/bucket/key`), which MinIO and most S3-compatible servers need.',
    unset: '`false`',
  }),
  METRICS_PORT: z
    .preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional())
    .meta({
      description:
        'Serves `GET /metrics` (Prometheus text format) on this port only, away from the public one. A worker process serves `/metrics`, `/healthz` and `/readyz` here (on `PORT` when unset). See [docs/operations.md](docs/operations.md).',
      unset: "unset (`/metrics` on the app's port)",
    }),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.meta({
    description:
      'Sends OpenTelemetry traces (OTLP over HTTP, e.g. `http://collector:4318`): request → turn → retrieval → model call → job.',
    unset: 'unset (no traces)',
  }),
  OTEL_SERVICE_NAME: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().default('aisle'))
    .meta({ description: 'The service name traces carry.' }),
  BACKUP_DIR: optionalString.meta({
    description:
      'Folder the embedded server writes scheduled backups to (the archive `npm run backup` writes). See [docs/backup.md](docs/backup.md).',
    unset: 'unset (no scheduled backups)',
  }),
  BACKUP_EVERY_HOURS: z
    .preprocess((v) => (v === '' ? undefined : v), z.coerce.number().positive().max(8760).optional())
    .meta({
      description:
        'Hours between scheduled backups (counted from the newest archive in the folder, so restarts do not skip one); needs `BACKUP_DIR`.',
      unset: '`24` when `BACKUP_DIR` is set',
    }),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(7)
    .meta({ description: 'Scheduled backups kept in `BACKUP_DIR`; older ones are deleted.' }),
});

type RawEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<RawEnv, 'JWT_SECRET' | 'VARIABLES_ENCRYPTION_KEY' | 'PUBLIC_URL' | 'CORS_ORIGINS'> {
  JWT_SECRET: string;
  /** Set, or read from (created in) DATA_DIR on first use; see `variablesKeyLoader`. */
  readonly VARIABLES_ENCRYPTION_KEY: string;
  PUBLIC_URL: string;
  CORS_ORIGINS: string[];
  /** Absolute path of DATA_DIR. */
  dataDir: string;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses configuration; every problem is reported together (the process exits on bad config). */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  // Rules across variables, checked even when single values failed, so every problem is listed.
  if (source.SMTP_USER && !source.SMTP_HOST) problems.push('SMTP_HOST: is required when SMTP_USER is set');
  if (source.EMBEDDING_PROVIDER && !source.EMBEDDING_MODEL) problems.push('EMBEDDING_MODEL: is required when EMBEDDING_PROVIDER is set');
  if (Boolean(source.SHOPIFY_API_KEY) !== Boolean(source.SHOPIFY_API_SECRET))
    problems.push("SHOPIFY_API_KEY, SHOPIFY_API_SECRET: set both (the app's client id and secret) or neither");
  const meta = [source.META_APP_ID, source.META_APP_SECRET, source.META_VERIFY_TOKEN].filter(Boolean).length;
  if (meta !== 0 && meta !== 3)
    problems.push('META_APP_ID, META_APP_SECRET, META_VERIFY_TOKEN: set all three (the Meta app and its webhook verify token) or none');
  // One PGlite data directory must never be opened by two processes, so the roles only split on Postgres.
  if ((source.ROLE === 'web' || source.ROLE === 'worker') && !source.DATABASE_URL)
    problems.push(
      `ROLE: ${source.ROLE} needs DATABASE_URL (a web and a worker process share one Postgres); the embedded database runs both in one process, ROLE=all`,
    );
  if (Boolean(source.S3_ACCESS_KEY_ID) !== Boolean(source.S3_SECRET_ACCESS_KEY))
    problems.push("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither uses the AWS SDK's own credentials)");
  if ((source.S3_ENDPOINT || source.S3_ACCESS_KEY_ID) && !source.S3_BUCKET)
    problems.push('S3_BUCKET: is required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set');
  if (source.BACKUP_EVERY_HOURS && !source.BACKUP_DIR) problems.push('BACKUP_DIR: is required when BACKUP_EVERY_HOURS is set');
  problems.push(...defaultModelProblems(source));
  if (!result.success || problems.length) throw new EnvError(problems);
  const raw = result.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  const corsOrigins = raw.CORS_ORIGINS
    ? raw.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : [new URL(publicUrl).origin];
  const variablesKey = variablesKeyLoader(raw.VARIABLES_ENCRYPTION_KEY, dataDir);
  return {
    ...raw,
    JWT_SECRET: raw.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    get VARIABLES_ENCRYPTION_KEY() {
      return variablesKey();
    },
    PUBLIC_URL: publicUrl,
    CORS_ORIGINS: corsOrigins,
    dataDir,
  };
}

/**
 * The generated variables key is read (or created) on first use, not here: parsing configuration
 * stays free of file writes for commands that never touch variables. The server reads it while
 * building the app (variable routes), so a broken key file still stops it at start-up.
 */
function variablesKeyLoader(configured: string | undefined, dataDir: string): () => string {
  let key = configured?.trim();
  return () => {
    if (key) return key;
    const loaded = loadOrCreateVariablesKey(dataDir);
    if ('problem' in loaded) throw new EnvError([loaded.problem]);
    key = loaded.key;
    return key;
  };
}

/** DEFAULT_MODEL must name a provider that is configured, or every new assistant would fail to answer. */
function defaultModelProblems(source: Record<string, string | undefined>): string[] {
  const value = source.DEFAULT_MODEL;
  if (!value) return [];
  const match = /^(openai|anthropic|local):(.+)$/.exec(value);
  if (!match) return ['DEFAULT_MODEL: must be `openai:<model>`, `anthropic:<model>` or `local:extractive`'];
  if (match[1] === 'openai' && !source.OPENAI_API_KEY && !source.OPENAI_BASE_URL)
    return ['DEFAULT_MODEL: an openai model needs OPENAI_API_KEY or OPENAI_BASE_URL'];
  if (match[1] === 'anthropic' && !source.ANTHROPIC_API_KEY) return ['DEFAULT_MODEL: an anthropic model needs ANTHROPIC_API_KEY'];
  if (match[1] === 'local' && match[2] !== 'extractive') return ['DEFAULT_MODEL: the local provider offers only `local:extractive`'];
  return [];
}

/** Where the user typed an `npm run` command (INIT_CWD): a command's relative paths are taken from there. */
export function commandCwd(source: Record<string, string | undefined> = process.env): string {
  return source.INIT_CWD || process.cwd();
}

/**
 * Configuration for commands run through npm (`npm run user:create`). npm starts workspace scripts
 * in their workspace folder (apps/server), so a bare DATA_DIR=./data would miss the server's data.
 * Same rules as `npm start` (scripts/workspace.mjs): DATA_DIR defaults to `<repo>/data`, and a
 * relative value is taken from the directory npm was started in (INIT_CWD), where the user typed it.
 */
export function parseCommandEnv(repoRoot: string, source: Record<string, string | undefined> = process.env): Env {
  const userCwd = commandCwd(source);
  const dataDir = source.DATA_DIR ? path.resolve(userCwd, source.DATA_DIR) : path.join(repoRoot, 'data');
  return parseEnv({ ...source, DATA_DIR: dataDir });
}

/**
 * Without JWT_SECRET a random secret is generated once and kept in DATA_DIR, so tokens survive
 * restarts and no secret is ever hard-coded. Scaled-out deployments must set JWT_SECRET so every
 * instance shares it.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
