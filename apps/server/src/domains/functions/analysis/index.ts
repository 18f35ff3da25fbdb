import { ModuleIndex } from './module-index';
import { moduleShapeProblem } from './module-shape';
import { thirdPartyServices, urlSites } from './network';
import { isStackOverflow, parseModule, TOO_DEEP } from './parse';
import { endlessLoopViolations } from './rules/endless-loops';
import { endlessRecursionViolations } from './rules/endless-recursion';
import { obfuscationViolations } from './rules/obfuscation';
import { privateNetworkViolations } from './rules/private-network';
import { secretParameterViolations } from './rules/secret-parameters';
import { variablesExposureViolations } from './rules/variables-exposure';
import { finishViolations, type Violation } from './violations';

export interface CodeAnalysis {
  /** null when the code parses and has a default export; otherwise a clear message with line:column, e.g. "Line 3, column 7: Unexpected token" or "The module has no default export: add `export default async function (args, variables) { … }`." */
  problem: string | null;
  /** Hostnames (lowercase, no port, sorted, unique) the code calls, from its syntax tree (never a regex over the source text). */
  thirdPartyServices: string[];
  /** Each broken rule as one plain sentence a merchant understands, e.g. "Calls a private network address (10.0.0.5); functions may only call public internet services." Empty when none. */
  violations: string[];
}

/**
 * The checks run on every save of a merchant's function: whether the module can run at all, which
 * services it calls, and which rules it breaks. Never throws, whatever the input.
 */
export function analyzeFunctionCode(code: string, definition?: unknown): CodeAnalysis {
  const fromDefinition = attempt(() => secretParameterViolations(definition)) ?? [];
  const parsed = parseModule(typeof code === 'string' ? code : '');
  if (!parsed.program) return { problem: parsed.problem, thirdPartyServices: [], violations: finishViolations(fromDefinition) };
  try {
    const index = new ModuleIndex(parsed.program);
    const sites = urlSites(index);
    const violations: Violation[] = [
      ...fromDefinition,
      ...privateNetworkViolations(sites),
      ...variablesExposureViolations(index),
      ...obfuscationViolations(index),
      ...endlessLoopViolations(index),
      ...endlessRecursionViolations(index),
    ];
    return { problem: moduleShapeProblem(index), thirdPartyServices: thirdPartyServices(sites), violations: finishViolations(violations) };
  } catch (error) {
    // Recursion over a very deep tree can overflow the stack even after acorn managed to parse it.
    const problem = isStackOverflow(error) ? TOO_DEEP : 'The code could not be checked; simplify it and save again.';
    return { problem, thirdPartyServices: [], violations: finishViolations(fromDefinition) };
  }
}

function attempt<T>(check: () => T): T | null {
  try {
    return check();
  } catch {
    return null;
  }
}
