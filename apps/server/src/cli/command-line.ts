import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Env, EnvError, parseCommandEnv } from '../env';

/**
 * What the operator commands (backup, restore, migrate) share: arguments parsed strictly, the
 * server's configuration as npm runs it, and a refusal as one line on stderr with exit code 1.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A refusal the operator can act on: printed alone, without a stack. */
export class CommandError extends Error {}

export function readOptions<T extends Record<string, { type: 'string' | 'boolean' }>>(usage: string, options: T) {
  try {
    const { values } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false });
    if ((values as { help?: boolean }).help) {
      console.log(usage);
      process.exit(0);
    }
    return values as { [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(1);
  }
}

/** The server's configuration, or the list of problems and exit code 1. */
export function commandEnv(): Env {
  try {
    return parseCommandEnv(repoRoot);
  } catch (error) {
    if (error instanceof EnvError) throw new CommandError(error.message);
    throw error;
  }
}

/** Runs a command: exit 0 when it resolves, 1 with its message when it is refused or fails. */
export function runCommand(main: () => Promise<void>, isRefusal: (error: unknown) => boolean = () => false) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof CommandError || isRefusal(error) ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
