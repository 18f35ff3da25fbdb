import type { AnyNode, Identifier } from 'acorn';
import type { Binding, FunctionNode, ModuleIndex } from '../module-index';
import { globalName } from '../static-value';
import { type Violation, violationAt } from '../violations';
import { fetchingFunctions } from './fetching-functions';

/** Where a call only happens on some runs, so something can stop the repetition. */
const GUARDS = new Set([
  'IfStatement',
  'ConditionalExpression',
  'SwitchCase',
  'CatchClause',
  'WhileStatement',
  'DoWhileStatement',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
]);

/**
 * Functions that call fetch and then always call themselves again (directly, or by handing
 * themselves to setTimeout): nothing ever stops them calling the service.
 */
export function endlessRecursionViolations(index: ModuleIndex): Violation[] {
  const exits = exitsByFunction(index);
  const violations: Violation[] = [];
  for (const [binding, fn] of fetchingFunctions(index)) {
    const call = unguardedSelfCall(index, binding, fn, exits.get(fn) ?? []);
    if (!call) continue;
    violations.push(
      violationAt(
        call,
        `${binding.name}() calls fetch and then calls itself with nothing to stop it, so it can call the service forever; add a condition that ends the repetition.`,
      ),
    );
  }
  return violations;
}

/**
 * A call of the function to itself that always happens: not under an if, ?:, &&/||/??, switch,
 * loop or catch, and with no return or throw before it (a pager that returns on its last page).
 */
function unguardedSelfCall(index: ModuleIndex, binding: Binding, fn: FunctionNode, exits: AnyNode[]): AnyNode | null {
  for (const reference of index.referencesTo(binding)) {
    if (reference.start < fn.body.start || reference.end > fn.body.end) continue;
    const call = selfCall(index, reference);
    if (!call || exits.some((exit) => exit.end <= call.start)) continue;
    if (!isGuarded(index, call, fn)) return call;
  }
  return null;
}

/** Each function's own return and throw statements (not those of functions nested in it). */
function exitsByFunction(index: ModuleIndex): Map<AnyNode | undefined, AnyNode[]> {
  const exits = new Map<AnyNode | undefined, AnyNode[]>();
  for (const exit of [...index.nodes('ReturnStatement'), ...index.nodes('ThrowStatement')]) {
    const fn = index.enclosingFunction(exit);
    const list = exits.get(fn);
    if (list) list.push(exit);
    else exits.set(fn, [exit]);
  }
  return exits;
}

function selfCall(index: ModuleIndex, reference: Identifier): AnyNode | null {
  const parent = index.parent(reference);
  if (parent?.type !== 'CallExpression') return null;
  if (parent.callee === reference) return parent;
  return globalName(index, parent.callee) === 'setTimeout' && parent.arguments[0] === reference ? parent : null;
}

function isGuarded(index: ModuleIndex, call: AnyNode, fn: FunctionNode): boolean {
  let child = call;
  for (let node = index.parent(call); node && node !== fn; child = node, node = index.parent(node)) {
    if (GUARDS.has(node.type)) return true;
    if (node.type === 'LogicalExpression' && node.right === child) return true;
  }
  return false;
}
