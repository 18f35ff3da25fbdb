import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emailSchema, newPasswordSchema } from '@aisle/contracts/accounts';
import pino from 'pino';
import { provisionUser } from '../domains/accounts';
import { EnvError, parseCommandEnv } from '../env';
import { closeServices, createServices } from '../services';

/**
 * `npm run user:create -- --email a@b.c --password secret123 [--staff]`: creates a verified user,
 * or resets an existing one's password and staff flag and marks it verified. It opens the same
 * database as the server (DATABASE_URL, or the PGlite folder in DATA_DIR). A PGlite folder must
 * only be opened by one process: stop the server first when it runs on the embedded database.
 */
const USAGE = 'Usage: npm run user:create -- --email <email> --password <password> [--staff]';
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function readArguments() {
  let values: { email?: string; password?: string; staff?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        staff: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.email) fail('Missing --email.');
  if (!values.password) fail('Missing --password.');
  const email = emailSchema.safeParse(values.email);
  if (!email.success) fail(`Invalid --email: ${email.error.issues[0]?.message}`);
  const password = newPasswordSchema.safeParse(values.password);
  if (!password.success) fail(`Invalid --password: ${password.error.issues[0]?.message}`);
  return { email: email.data, password: password.data, isStaff: values.staff ?? false };
}

async function main() {
  const input = readArguments();
  let env: ReturnType<typeof parseCommandEnv>;
  try {
    env = parseCommandEnv(repoRoot);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  // Only problems are worth printing here; the one result line goes to stdout.
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const services = await createServices({ env, logger });
  try {
    const { user, created } = await provisionUser({ db: services.db, tokens: services.tokens, ...input });
    const role = user.isStaff ? 'staff user' : 'user';
    console.log(`${created ? 'Created' : 'Updated'} verified ${role} ${user.email} (id ${user.id}).`);
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
