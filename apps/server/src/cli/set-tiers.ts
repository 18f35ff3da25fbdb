import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LIMIT_NAMES } from '@aisle/contracts/billing';
import pino from 'pino';
import { z } from 'zod';
import { currentTierPlans, setTierPlans } from '../domains/billing';
import { EnvError, parseCommandEnv } from '../env';
import { closeServices, createServices } from '../services';

/**
 * `npm run tiers:set -- --file tiers.json`: writes each tier in the file as its next version in the
 * `tier_plans` table (docs/architecture.md "Billing"), then prints the tiers in force. The file is a JSON array of
 * `{tier, name?, rank?, monthlyPriceCents?, limits?: {assistants?, …}, effectiveFrom?}`; what a
 * tier leaves out is kept from its version in force. `--list` only prints. It opens the server's
 * database like user:create: stop a server running on the embedded database first.
 */
const USAGE = 'Usage: npm run tiers:set -- --file <tiers.json> | --list';
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const limitsSchema = z.object(Object.fromEntries(LIMIT_NAMES.map((name) => [name, z.number().int().min(0).optional()]))).strict();
const fileSchema = z.array(
  z.object({
    tier: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'a lower-case tier id such as pro'),
    name: z.string().min(1).max(60).optional(),
    rank: z.number().int().min(0).max(100).optional(),
    monthlyPriceCents: z.number().int().min(0).max(10_000_000).optional(),
    limits: limitsSchema.optional(),
    effectiveFrom: z.iso.datetime({ offset: true }).optional(),
  }),
);

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

async function main() {
  let values: { file?: string; list?: boolean };
  try {
    ({ values } = parseArgs({ options: { file: { type: 'string' }, list: { type: 'boolean', default: false } }, strict: true }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (!values.file && !values.list) fail('Missing --file (or --list).');
  const parsed = values.file ? fileSchema.safeParse(JSON.parse(readFileSync(values.file, 'utf8'))) : null;
  if (parsed && !parsed.success)
    fail(`Invalid ${values.file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  let env: ReturnType<typeof parseCommandEnv>;
  try {
    env = parseCommandEnv(repoRoot);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  const services = await createServices({ env, logger: pino({ level: 'warn' }, pino.destination(2)) });
  try {
    const changes = (parsed?.data ?? []).map((change) => ({
      ...change,
      effectiveFrom: change.effectiveFrom ? new Date(change.effectiveFrom) : undefined,
    }));
    const plans = changes.length ? await setTierPlans(services.db, changes) : await currentTierPlans(services.db);
    for (const plan of plans) {
      console.log(`${plan.tier} v${plan.version} ${plan.name} $${plan.monthlyPriceCents / 100}/month ${JSON.stringify(plan.limits)}`);
    }
  } finally {
    await closeServices(services);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
