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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl,
  CORS_ORIGINS: optionalString,
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /**
   * What this process runs (DESIGN "Runtime shape"): `web` serves the routes and queues jobs, `worker`
   * runs the jobs and serves nothing, `all` does both (the only choice on the embedded database).
   */
  ROLE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['web', 'worker', 'all']).default('all')),
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional()),
  /** Key sealing secret variables (AES-256-GCM); generated into DATA_DIR when unset. */
  VARIABLES_ENCRYPTION_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((v) => decodeVariablesKey(v) !== undefined, variablesKeyRule)
      .optional(),
  ),
  ACCESS_TOKEN_LIFETIME: z.coerce.number().int().positive().default(300),
  REFRESH_TOKEN_LIFETIME: z.coerce.number().int().positive().default(86_400),
  EMAIL_CONFIRMATION_LIFETIME: z.coerce
    .number()
    .int()
    .positive()
    .default(3 * 86_400),
  PASSWORD_RESET_LIFETIME: z.coerce.number().int().positive().default(86_400),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_SECURE: bool,
  EMAIL_FROM: z.string().default('Aisle <no-reply@aisle.local>'),
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  /** GraphQL requests may carry images and documents as base64 content blocks (up to 4.5 MB each). */
  GRAPHQL_BODY_LIMIT: z.coerce.number().int().positive().default(8_388_608),
  AVATAR_MAX_BYTES: z.coerce.number().int().positive().default(2_097_152),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Messages per minute one visitor (visitor token, or address for a first message) may send to a shared assistant. */
  SHARED_CHAT_VISITOR_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Messages per minute all visitors of one share link together may send (bounds the owner's spend). */
  SHARED_CHAT_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /** Other public chat calls per minute per visitor: opening the link, loading the thread, the live stream. */
  SHARED_CHAT_READ_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** GraphQL requests per minute per account (per address without a valid token) on /graphql. */
  GRAPHQL_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /** Longest a database statement may run on Postgres (seconds; 0 for no limit). PGlite cannot stop a statement. */
  DATABASE_STATEMENT_TIMEOUT: z.coerce.number().min(0).max(3600).default(15),
  /** Function runs, initializations and fixes per minute per owner (each holds a sandbox worker or a model call). */
  FUNCTION_RUN_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** Analytics refreshes per minute per owner (`analytics/refresh/`; each recomputes every period). */
  ANALYTICS_REFRESH_RATE_LIMIT: z.coerce.number().int().positive().default(6),
  /** A shared thread is summarised once it has been quiet this long (minutes; fractions allowed). */
  THREAD_SUMMARY_QUIET_MINUTES: z.coerce.number().positive().max(10_080).default(10),
  TRUST_PROXY: bool,
  /** Web processes `npm start` runs on one port, on Postgres with Redis (node:cluster); the embedded database always runs one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Turns (owner chat, public chat) that may be starting at once, up to their first token; more wait in a fair queue. */
  TURN_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(16),
  /** A new turn that would wait longer than this for its start (ms) is refused at once with 503 `busy` and Retry-After. */
  TURN_MAX_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** Event-loop delay (p99, ms) above which turns that would have to wait are refused with 503 `busy`. */
  TURN_MAX_LOOP_DELAY_MS: z.coerce.number().int().min(1).max(600_000).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  /** Largest file a store accepts (bytes). */
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  /** How long a signed upload URL stays valid (seconds). */
  UPLOAD_URL_LIFETIME: z.coerce.number().int().positive().default(900),
  /** Files indexed at once by this process. */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** `openai` (OpenAI or any OpenAI-compatible /embeddings server) turns on vector search. */
  EMBEDDING_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['openai']).optional()),
  EMBEDDING_MODEL: optionalString,
  /** Base URL of an OpenAI-compatible API (default https://api.openai.com/v1). */
  EMBEDDING_BASE_URL: optionalUrl,
  /** Key for the embeddings API; OPENAI_API_KEY is used when unset. */
  EMBEDDING_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  /** Any OpenAI-compatible chat-completions server (Ollama, vLLM, OpenRouter); default https://api.openai.com/v1. */
  OPENAI_BASE_URL: optionalUrl,
  /** Comma-separated model ids the OpenAI(-compatible) server offers beyond the built-in list. */
  OPENAI_MODELS: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  /** The Shopify app's client id and secret: both set turn the Shopify integration on (domains/shopify). */
  SHOPIFY_API_KEY: optionalString,
  SHOPIFY_API_SECRET: optionalString,
  /** Access scopes asked for at install (comma-separated): what the setup wizard, catalog sync and tools read. */
  SHOPIFY_SCOPES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\s*[a-z_]+(\s*,\s*[a-z_]+)*\s*$/, 'must be comma-separated scope names such as read_products,read_orders')
      .default(DEFAULT_SHOPIFY_SCOPES),
  ),
  /** The Admin API version every Shopify call is written against (YYYY-MM, Shopify's quarterly releases). */
  SHOPIFY_API_VERSION: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(\d{4}-(01|04|07|10)|unstable)$/, 'must be a Shopify API version such as 2026-10')
      .default('2026-10'),
  ),
  /**
   * Where OAuth, token exchange, token refresh and Admin API calls for a shop go, `{shop}` standing
   * for its domain: `https://{shop}` in production; a proxy, or a fake store on loopback in tests.
   */
  SHOPIFY_ADMIN_API_ORIGIN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((v) => URL.canParse(v.replaceAll('{shop}', 'example.myshopify.com')), 'must be a URL (with {shop} for the shop domain)')
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://{shop}'),
  ),
  /**
   * Days a delivered order may be returned through the built-in order help when the store's own
   * return rules cannot be read (the app lacks `read_legal_policies`): the store's rules win.
   */
  ORDER_RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /**
   * App Bridge, loaded first in the page when the app opens in the Shopify admin (Shopify serves
   * it and keeps it current); tests point it at a stub so no test touches the internet.
   */
  SHOPIFY_APP_BRIDGE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url().default('https://cdn.shopify.com/shopifycloud/app-bridge.js'),
  ),
  /**
   * Origins, comma-separated, that may frame the app besides the Shopify admin
   * (https://admin.shopify.com, https://*.myshopify.com): a proxy's admin, or a test's host page.
   */
  FRAME_ANCESTORS: z.preprocess(
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
  ),
  /** Stripe's secret key (`sk_…`): with it, web users can subscribe and top up by card (domains/payments). */
  STRIPE_SECRET_KEY: optionalString,
  /** The webhook endpoint's signing secret (`whsec_…`): POST /api/stripe/webhook/ is refused (404) without it. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where Stripe API calls go (default https://api.stripe.com); tests point it at a fake on loopback. */
  STRIPE_API_ORIGIN: optionalUrl,
  /** Shopify charges created as test charges (development stores cannot pay real ones). */
  SHOPIFY_BILLING_TEST: bool,
  /** How long a signed download link (an export's `presignedGet`) stays valid, in seconds. */
  DOWNLOAD_LINK_LIFETIME: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 86_400),
  /**
   * The Meta app (developers.facebook.com) behind Instagram, Messenger and WhatsApp: its id, secret
   * and the verify token its webhook subscription was given. All three turn the Meta channels on.
   */
  META_APP_ID: optionalString,
  META_APP_SECRET: optionalString,
  META_VERIFY_TOKEN: optionalString,
  /**
   * Where Graph API calls go (a fake on loopback in tests). Facebook Login's dialog is on
   * www.facebook.com for the real Graph API, and on this origin itself for any other (a fake or a proxy).
   */
  META_GRAPH_API_ORIGIN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url()
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://graph.facebook.com'),
  ),
  /** The Graph API version every Meta call is written against (Meta's dated releases). */
  META_GRAPH_API_VERSION: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^v\d{1,3}\.\d$/, 'must be a Graph API version such as v25.0')
      .default('v25.0'),
  ),
  /** Where LINE Messaging API calls go (a fake on loopback in tests). Each channel's credentials are the owner's. */
  LINE_API_ORIGIN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url()
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://api.line.me'),
  ),
  /** Anthropic API base URL (default https://api.anthropic.com/v1); tests point it at a fake. */
  ANTHROPIC_BASE_URL: optionalUrl,
  /** `provider:model` chosen when an assistant names none, e.g. `openai:gpt-4.1-mini` or `local:extractive`. */
  DEFAULT_MODEL: optionalString,
  /**
   * S3-compatible object storage for uploaded files, avatars and exports (AWS S3, MinIO, R2…): with
   * a bucket, web and worker processes need no shared disk. Unset: files stay under DATA_DIR.
   */
  S3_BUCKET: optionalString,
  /** The storage's endpoint when it is not AWS S3 itself, e.g. http://minio:9000. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('us-east-1')),
  /** The bucket's credentials; unset, the AWS SDK's own chain is used (instance roles, AWS_* variables). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style URLs (`endpoint/bucket/key`), which MinIO and most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: bool,
  /** Serve `GET /metrics` (Prometheus) on this port instead of the app's; a worker serves it with its health endpoints. */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** OpenTelemetry traces are sent here (OTLP over HTTP, e.g. http://collector:4318) when set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** The service name traces carry. */
  OTEL_SERVICE_NAME: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('aisle')),
  /** Scheduled backups of the embedded default go into this folder (`npm run backup` writes the same archive). */
  BACKUP_DIR: optionalString,
  /** Hours between scheduled backups (needs BACKUP_DIR). */
  BACKUP_EVERY_HOURS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().positive().max(8760).optional()),
  /** Scheduled backups kept in BACKUP_DIR; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
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

/**
 * Configuration for commands run through npm (`npm run user:create`). npm starts workspace scripts
 * in their workspace folder (apps/server), so a bare DATA_DIR=./data would miss the server's data.
 * Same rules as `npm start` (scripts/workspace.mjs): DATA_DIR defaults to `<repo>/data`, and a
 * relative value is taken from the directory npm was started in (INIT_CWD), where the user typed it.
 */
export function parseCommandEnv(repoRoot: string, source: Record<string, string | undefined> = process.env): Env {
  const userCwd = source.INIT_CWD || process.cwd();
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
