import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { type FuzzRequest, type FuzzResponse, NoAnswerError, type Transport } from './fuzz-transport';

/** One route or operation and the requests to send it. */
export interface CampaignTarget {
  name: string;
  requests: fc.Arbitrary<FuzzRequest>;
  runs: number;
  /** Targets run phase by phase, lowest first (deletes last); within a phase, side by side. */
  phase: number;
}

/** A request the server failed: a 5xx, a masked GraphQL error, or no answer at all. */
export interface Finding {
  target: string;
  note: string;
  request: string;
  status: number;
  body: string;
  /** How to run the same case again: `fc.check(…, { seed, path })`. */
  replay: { seed: number; path?: string };
}

export interface CampaignReport {
  seed: number;
  requests: number;
  byStatus: Record<string, number>;
  /** Targets none of whose requests got a 2xx: what the campaign could not reach past validation. */
  neverSucceeded: string[];
  /** Requests answered with a 5xx or a masked GraphQL error (shrinking's retries included). */
  serverErrors: number;
  /** Requests left without an answer. */
  hangs: number;
  findings: Finding[];
  /** The server stopped answering its health check (or its process exited). */
  crashed: boolean;
  seconds: number;
}

export interface CampaignOptions {
  transport: Transport;
  targets: CampaignTarget[];
  seed: number;
  /** Whether the server still answers; asked after each target. */
  alive: () => Promise<boolean>;
  /** Targets in flight at once (default 1): more puts the server under load from several callers. */
  concurrency?: number;
  log?: (line: string) => void;
}

/** The error a client is shown when Yoga masks an unexpected one. */
const MASKED = 'Unexpected error.';

/** Why a response is a server failure, or null when it is an answer the client could act on. */
export function serverFailure(request: FuzzRequest, response: FuzzResponse): string | null {
  if (response.status >= 500) return `status ${response.status}`;
  if (!request.url.startsWith('/graphql') || !response.contentType.includes('json')) return null;
  let errors: { message?: string; extensions?: { code?: string } }[] = [];
  try {
    errors = (JSON.parse(response.body) as { errors?: typeof errors }).errors ?? [];
  } catch {
    return null;
  }
  const masked = errors.find((error) => error.message === MASKED || error.extensions?.code === 'INTERNAL_SERVER_ERROR');
  return masked ? `GraphQL error ${masked.extensions?.code ?? ''} "${masked.message}"` : null;
}

/** A GraphQL answer with errors is a refusal, even with status 200. */
const hasErrors = (response: FuzzResponse) => response.contentType.includes('json') && response.body.startsWith('{"errors"');

/** A target's own seed: adding or removing a target leaves every other target's requests as they were. */
const seedOf = (seed: number, name: string) => (seed ^ createHash('sha256').update(name).digest().readInt32LE(0)) | 0;

const describe = (request: FuzzRequest) => {
  const body = request.body === undefined ? '' : ` body(${request.body.length}): ${String(request.body).slice(0, 1500)}`;
  return `${request.method} ${request.url.slice(0, 300)} headers ${JSON.stringify(request.headers).slice(0, 120)}${body}`;
};

/**
 * Runs each target's property ("no request gets a server failure") with fast-check, phase by
 * phase (`concurrency` targets at once), and checks after each that the server still answers. A
 * failing target is shrunk (a bounded number of steps) to a small request that still fails, then
 * the campaign moves on, so one report lists every route that fails.
 */
export async function runCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const started = performance.now();
  const report: CampaignReport = {
    seed: options.seed,
    requests: 0,
    byStatus: {},
    neverSucceeded: [],
    serverErrors: 0,
    hangs: 0,
    findings: [],
    crashed: false,
    seconds: 0,
  };
  const answers = new WeakMap<FuzzRequest, FuzzResponse>();

  const send = async (request: FuzzRequest): Promise<FuzzResponse> => {
    report.requests += 1;
    let response: FuzzResponse;
    try {
      response = await options.transport(request);
    } catch (error) {
      if (!(error instanceof NoAnswerError)) throw error;
      report.hangs += 1;
      response = { status: 0, contentType: '', body: error.message };
    }
    report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
    answers.set(request, response);
    return response;
  };

  const runTarget = async (target: CampaignTarget) => {
    const seed = seedOf(options.seed, target.name);
    let succeeded = false;
    const property = fc.asyncProperty(fc.limitShrink(target.requests, 40), async (request) => {
      const response = await send(request);
      succeeded ||= response.status >= 200 && response.status < 300 && serverFailure(request, response) === null && !hasErrors(response);
      const failure = response.status === 0 ? 'no answer' : serverFailure(request, response);
      if (failure) report.serverErrors += response.status === 0 ? 0 : 1;
      return failure === null;
    });
    const details = await fc.check(property, { seed, numRuns: target.runs });
    if (details.failed && details.counterexample) {
      const [request] = details.counterexample;
      // No response: the transport itself failed (the connection was cut, the process died).
      const response = answers.get(request) ?? { status: -1, contentType: '', body: String(details.errorInstance) };
      report.findings.push({
        target: target.name,
        note: request.note,
        request: describe(request),
        status: response.status,
        body: response.body.slice(0, 500),
        replay: { seed, path: details.counterexamplePath ?? undefined },
      });
      options.log?.(`✗ ${target.name}: ${response.status} for ${describe(request)}\n  ${response.body.slice(0, 300)}`);
    }
    if (!succeeded) report.neverSucceeded.push(target.name);
    if (!report.crashed && !(await options.alive().catch(() => false))) {
      report.crashed = true;
      options.log?.(`✗ the server stopped answering after ${target.name}`);
    }
  };

  const phases = [...new Set(options.targets.map((target) => target.phase))].sort((a, b) => a - b);
  for (const phase of phases) {
    const queue = options.targets.filter((target) => target.phase === phase);
    const worker = async () => {
      for (let target = queue.shift(); target && !report.crashed; target = queue.shift()) await runTarget(target);
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
    if (report.crashed) break;
  }
  report.seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  return report;
}
