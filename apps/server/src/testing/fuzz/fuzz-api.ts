import { type CampaignReport, type CampaignTarget, runCampaign } from './fuzz-campaign';
import { worldHints } from './fuzz-hints';
import { callJson, type Transport } from './fuzz-transport';
import { buildFuzzWorld, type FuzzAccounts } from './fuzz-world';
import { graphqlRequests, graphqlSchema, graphqlTargets } from './graphql-requests';
import { restRequests } from './rest-requests';
import { restTargets } from './rest-targets';

/**
 * When a target runs: everything that creates, reads or changes first; then what deletes, links
 * and children before what they hang off, so a well-formed delete still finds its row. Deleting an
 * account (the hints know the accounts' passwords) comes last: every other target still has its
 * owner.
 */
function phaseOf(name: string): number {
  if (/delete-account/.test(name)) return 4;
  if (!/^DELETE |delete|-remove\//i.test(name)) return 0;
  if (/assistant\/delete|store\/delete|functions\/delete|delete(Assistant|Function|Template|Store)$/.test(name)) return 3;
  if (/-remove\/|deleteAssistant\w+|deleteUserTemplateFunctions|delete-files|thread\/delete|deleteThread|^DELETE /.test(name)) return 1;
  return 2;
}

export interface FuzzApiOptions {
  transport: Transport;
  /**
   * Real accounts: the owner the requests mostly come from, a victim whose rows they aim at, staff;
   * and a signed token of an account that does not exist.
   */
  users: FuzzAccounts;
  seed: number;
  /** Requests per REST route, per GraphQL mutation and per GraphQL query; 0 leaves the kind out. */
  runs: { rest: number; mutation: number; query: number };
  alive: () => Promise<boolean>;
  /** Routes and operations fuzzed at once (default 1). */
  concurrency?: number;
  log?: (line: string) => void;
}

/**
 * The whole fuzz campaign: sets up a world of rows for two owners through the API, enumerates
 * every REST route (from the served OpenAPI document, which the zod contracts generate) and every
 * GraphQL mutation and query (from the schema), and runs each with generated requests.
 */
export async function fuzzApi(options: FuzzApiOptions): Promise<CampaignReport & { targets: number }> {
  const { transport, runs } = options;
  const world = await buildFuzzWorld(transport, options.users);
  const hints = worldHints(world);
  const targets: CampaignTarget[] = [];
  if (runs.rest > 0) {
    const document = await callJson(transport, 'GET', '/api/docs/json');
    for (const target of restTargets(document.body as never)) {
      targets.push({ name: target.name, requests: restRequests(target, world, hints), runs: runs.rest, phase: phaseOf(target.name) });
    }
  }
  const schema = graphqlSchema();
  for (const operation of ['mutation', 'query'] as const) {
    if (runs[operation] <= 0) continue;
    for (const target of graphqlTargets(schema, [operation])) {
      targets.push({
        name: target.name,
        requests: graphqlRequests(target, world, hints),
        runs: runs[operation],
        phase: phaseOf(target.name),
      });
    }
  }
  const report = await runCampaign({ ...options, targets });
  return { ...report, targets: targets.length };
}
