import type { AnyNode } from 'acorn';
import { isFunction, type ModuleIndex } from '../module-index';
import { fetchCalls } from '../network';
import { alwaysTruthy } from '../static-value';
import { type Violation, violationAt } from '../violations';
import { calledFetchingFunction, fetchingFunctions } from './fetching-functions';

type Loop = Extract<AnyNode, { type: 'WhileStatement' | 'DoWhileStatement' | 'ForStatement' | 'ForInStatement' | 'ForOfStatement' }>;

const LOOP_TYPES = new Set(['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForInStatement', 'ForOfStatement']);

/**
 * fetch (directly, or through a function of the module that fetches) inside a loop that never
 * ends: its condition is missing or always true, and nothing in it breaks out, returns or throws.
 * Such a loop floods the service with requests.
 */
export function endlessLoopViolations(index: ModuleIndex): Violation[] {
  const fetches = new Set(fetchCalls(index));
  const fetching = fetchingFunctions(index);
  const exited = exitedLoops(index);
  const reported = new Set<AnyNode>();
  const violations: Violation[] = [];
  for (const call of index.nodes('CallExpression')) {
    const helper = fetches.has(call) ? null : calledFetchingFunction(index, call, fetching);
    if (!helper && !fetches.has(call)) continue;
    for (const loop of loopsAround(index, call)) {
      if (reported.has(loop) || exited.has(loop) || !conditionAlwaysTrue(index, loop)) continue;
      reported.add(loop);
      const what = helper ? `Calls ${helper.name}(), which uses fetch,` : 'Calls fetch';
      violations.push(
        violationAt(
          loop,
          `${what} inside a loop that never ends (no break, return or throw); add a limit so it cannot call the service forever.`,
        ),
      );
    }
  }
  return violations;
}

/**
 * Loops around a call, up to the function it runs in. Callbacks (`ids.forEach(id => fetch(id))`)
 * run as part of the loop around them, so the search goes on past them.
 */
function loopsAround(index: ModuleIndex, call: AnyNode): Loop[] {
  const loops: Loop[] = [];
  let child: AnyNode = call;
  for (let node = index.parent(call); node; child = node, node = index.parent(node)) {
    if (isFunction(node)) {
      const holder = index.parent(node);
      const isCallback = (holder?.type === 'CallExpression' || holder?.type === 'NewExpression') && holder.callee !== node;
      if (!isCallback) break;
    }
    if (LOOP_TYPES.has(node.type) && !(node.type === 'ForStatement' && node.init === child)) loops.push(node as Loop);
  }
  return loops;
}

function conditionAlwaysTrue(index: ModuleIndex, loop: Loop): boolean {
  if (loop.type === 'ForInStatement' || loop.type === 'ForOfStatement') return false;
  return !loop.test || alwaysTruthy(index, loop.test);
}

/**
 * Loops that some statement can leave: every loop a return or throw sits in (within its
 * function), the loop an unlabelled break belongs to, and the loops a labelled break or continue
 * jumps out of. Worked out from each jump upwards, so it costs one pass however many loops there are.
 */
function exitedLoops(index: ModuleIndex): Set<AnyNode> {
  const exited = new Set<AnyNode>();
  for (const exit of [...index.nodes('ReturnStatement'), ...index.nodes('ThrowStatement')]) {
    for (const loop of loopsUpTo(index, exit, () => false).loops) exited.add(loop);
  }
  for (const jump of [...index.nodes('BreakStatement'), ...index.nodes('ContinueStatement')]) {
    const label = jump.label?.name;
    if (!label) {
      const target = jump.type === 'BreakStatement' ? nearestBreakTarget(index, jump) : undefined;
      if (target) exited.add(target);
      continue;
    }
    const { loops, stop } = loopsUpTo(index, jump, (node) => node.type === 'LabeledStatement' && node.label.name === label);
    // `break outer` leaves every loop up to and including the labelled one; `continue outer` stays in that one.
    const kept = jump.type === 'ContinueStatement' && stop?.type === 'LabeledStatement' ? stop.body : null;
    if (stop) for (const loop of loops) if (loop !== kept) exited.add(loop);
  }
  return exited;
}

/** The loops between a statement and the first ancestor `isStop` accepts (or its function). */
function loopsUpTo(index: ModuleIndex, from: AnyNode, isStop: (node: AnyNode) => boolean): { loops: AnyNode[]; stop: AnyNode | null } {
  const loops: AnyNode[] = [];
  for (let node = index.parent(from); node && !isFunction(node); node = index.parent(node)) {
    if (isStop(node)) return { loops, stop: node };
    if (LOOP_TYPES.has(node.type)) loops.push(node);
  }
  return { loops, stop: null };
}

function nearestBreakTarget(index: ModuleIndex, node: AnyNode): AnyNode | undefined {
  for (let current = index.parent(node); current && !isFunction(current); current = index.parent(current)) {
    if (LOOP_TYPES.has(current.type) || current.type === 'SwitchStatement') return current;
  }
  return undefined;
}
