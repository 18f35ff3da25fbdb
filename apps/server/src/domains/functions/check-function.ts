import type { FunctionStatus } from '@aisle/contracts/functions';
import { analyzeFunctionCode } from './analysis';

/** What a save writes besides the merchant's own fields: the check of the code and the status it leaves. */
export interface FunctionCheck {
  status: FunctionStatus;
  log: string;
  thirdPartyServices: string[];
  isViolatingRules: boolean;
  violatingBecause: string | null;
}

const at = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export const NO_CODE_LOG = 'No code yet. Write it, or press Initialize to start from the description.';

/**
 * Checks code and tool definition on every save (REST create, the data API's create and update):
 * the hosts it calls, from its syntax tree, and the rules (private network access, credential
 * harvesting, obfuscation, unbounded loops over network calls). A violating function cannot be
 * linked or run until a save passes.
 */
export function checkFunction(code: string | null | undefined, definition: unknown): FunctionCheck {
  if (!code?.trim()) {
    return { status: 'draft', log: NO_CODE_LOG, thirdPartyServices: [], isViolatingRules: false, violatingBecause: null };
  }
  const analysis = analyzeFunctionCode(code, definition ?? undefined);
  const services = analysis.thirdPartyServices;
  if (analysis.violations.length) {
    return {
      status: 'violating',
      log: `Saved ${at()}. Flagged: this function breaks ${analysis.violations.length === 1 ? 'a rule' : `${analysis.violations.length} rules`} and cannot be linked or run until it is fixed.`,
      thirdPartyServices: services,
      isViolatingRules: true,
      violatingBecause: analysis.violations.join('\n'),
    };
  }
  if (analysis.problem) {
    return {
      status: 'invalid',
      log: `Saved ${at()}. The code cannot run yet: ${analysis.problem}`,
      thirdPartyServices: services,
      isViolatingRules: false,
      violatingBecause: null,
    };
  }
  return {
    status: 'ready',
    log: `Saved and checked ${at()}. ${services.length ? `Calls ${services.join(', ')}.` : 'Calls no outside services.'}`,
    thirdPartyServices: services,
    isViolatingRules: false,
    violatingBecause: null,
  };
}
