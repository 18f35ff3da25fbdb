import type { AnyNode, CallExpression } from 'acorn';
import type { Binding, FunctionNode, ModuleIndex } from '../module-index';
import { fetchCalls } from '../network';

const found = new WeakMap<ModuleIndex, Map<Binding, FunctionNode>>();

/** Named functions of the module that call fetch somewhere inside them, by the binding they are called through. */
export function fetchingFunctions(index: ModuleIndex): Map<Binding, FunctionNode> {
  let named = found.get(index);
  if (named) return named;
  named = new Map();
  found.set(index, named);
  const seen = new Set<AnyNode>();
  for (const call of fetchCalls(index)) {
    for (let fn = index.enclosingFunction(call); fn && !seen.has(fn); fn = index.enclosingFunction(fn)) {
      seen.add(fn);
      for (const binding of bindingsOf(index, fn)) named.set(binding, fn);
    }
  }
  return named;
}

/** The fetching function a call calls by name, if any (one level of indirection is enough to see through helpers). */
export function calledFetchingFunction(index: ModuleIndex, call: CallExpression, fetching: Map<Binding, FunctionNode>): Binding | null {
  if (call.callee.type !== 'Identifier') return null;
  const binding = index.lookup(call.callee);
  return binding && fetching.has(binding) ? binding : null;
}

/** The names a function can be called by: its own name, and the variable it is assigned to. */
function bindingsOf(index: ModuleIndex, fn: FunctionNode): Binding[] {
  const bindings: Binding[] = [];
  const parent = index.parent(fn);
  if (fn.id) {
    for (let scope: AnyNode | undefined = fn.type === 'FunctionDeclaration' ? parent : fn; scope; scope = index.parent(scope)) {
      const binding: Binding | undefined = index.declaredIn(scope)?.get(fn.id.name);
      if (binding?.init === fn) {
        bindings.push(binding);
        break;
      }
    }
  }
  if (parent?.type === 'VariableDeclarator' && parent.init === fn && parent.id.type === 'Identifier') {
    const binding = index.lookup(parent.id);
    if (binding) bindings.push(binding);
  }
  return bindings;
}
