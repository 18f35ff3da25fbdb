import type { AnyNode } from 'acorn';
import type { Binding, FunctionNode, ModuleIndex } from '../module-index';
import { defaultExportFunction, variablesBinding } from '../module-shape';
import { globalName, propertyName } from '../static-value';
import { type Violation, violationAt } from '../violations';

/** Calls whose result still carries everything in their argument. */
const CARRYING_CALLS = new Set([
  'JSON.stringify',
  'Object.entries',
  'Object.values',
  'Object.assign',
  'Object.fromEntries',
  'String',
  'encodeURIComponent',
  'encodeURI',
  'btoa',
  'structuredClone',
  'Array.from',
]);
const CARRYING_CONSTRUCTORS = new Set(['URLSearchParams', 'Headers', 'Map']);
/** Methods on an already-copied value (`Object.entries(vars).map(…)`) whose result still carries it. */
const CARRYING_METHODS = new Set(['map', 'filter', 'join', 'concat', 'slice', 'flat', 'flatMap', 'toString', 'reduce', 'sort']);
const MAX_ALIASES = 50;

type Sink = 'fetch' | 'console' | 'return';

/**
 * Places the code hands the whole variables object (the default export's second parameter, or a
 * value copied from it) to fetch, to console, or back to the caller. Reading one variable
 * (`variables.API_KEY`) is how variables are meant to be used and is not reported.
 */
export function variablesExposureViolations(index: ModuleIndex): Violation[] {
  const fn = defaultExportFunction(index);
  const variables = fn && variablesBinding(index, fn);
  if (!fn || !variables) return [];
  const tainted: Binding[] = [variables];
  const violations: Violation[] = [];
  for (let i = 0; i < tainted.length && i < MAX_ALIASES; i++) {
    for (const reference of index.referencesTo(tainted[i] as Binding)) {
      const outcome = follow(index, fn, reference);
      if (outcome && 'sink' in outcome) violations.push(violationAt(outcome.node, sentence(outcome.sink, variables.name)));
      else if (outcome && !tainted.includes(outcome.alias)) tainted.push(outcome.alias);
    }
  }
  return violations;
}

type Outcome = { sink: Sink; node: AnyNode } | { alias: Binding } | null;

/** Climbs from a use of the variables object for as long as the value still carries all of it. */
function follow(index: ModuleIndex, fn: FunctionNode, reference: AnyNode): Outcome {
  let child: AnyNode = reference;
  for (let node = index.parent(child); node; child = node, node = index.parent(node)) {
    switch (node.type) {
      case 'Property':
        if (node.value !== child) return null;
        continue;
      case 'ObjectExpression':
      case 'ArrayExpression':
      case 'SpreadElement':
      case 'TemplateLiteral':
      case 'LogicalExpression':
      case 'AwaitExpression':
      case 'ChainExpression':
      case 'ParenthesizedExpression':
        continue;
      case 'BinaryExpression':
        if (node.operator !== '+') return null;
        continue;
      case 'ConditionalExpression':
        if (node.test === child) return null;
        continue;
      case 'SequenceExpression':
        if (node.expressions[node.expressions.length - 1] !== child) return null;
        continue;
      case 'VariableDeclarator':
        return node.init === child ? aliasOf(index, node.id) : null;
      case 'AssignmentExpression':
        return node.right === child ? aliasOf(index, node.left) : null;
      case 'ReturnStatement':
        return index.enclosingFunction(node) === fn ? { sink: 'return', node } : null;
      case 'ArrowFunctionExpression':
        return node === fn && node.body === child ? { sink: 'return', node: child } : null;
      case 'NewExpression':
        if (node.callee === child || !CARRYING_CONSTRUCTORS.has(globalName(index, node.callee) ?? '')) return null;
        continue;
      case 'CallExpression': {
        if (node.callee === child) return null;
        const callee = globalName(index, node.callee) ?? '';
        if (callee === 'fetch') return { sink: 'fetch', node };
        if (callee.startsWith('console.')) return { sink: 'console', node };
        if (!CARRYING_CALLS.has(callee)) return null;
        // Object.assign(target, variables) also fills the target.
        const target = node.arguments[0];
        if (callee === 'Object.assign' && target && target !== child && target.type === 'Identifier') {
          const alias = aliasOf(index, target);
          if (alias) return alias;
        }
        continue;
      }
      case 'MemberExpression': {
        // `variables.KEY` reads one value; only a copying method (`Object.entries(variables).map(…)`) passes it all on.
        const call = index.parent(node);
        const method = propertyName(index, node);
        if (node.object !== child || call?.type !== 'CallExpression' || call.callee !== node) return null;
        if (!method || !CARRYING_METHODS.has(method)) return null;
        node = call;
        continue;
      }
      default:
        return null;
    }
  }
  return null;
}

/** The binding a copy of the variables object is stored in (`const copy = …`, `body.config = …`). */
function aliasOf(index: ModuleIndex, target: AnyNode): { alias: Binding } | null {
  let root = target;
  while (root.type === 'MemberExpression') root = root.object;
  const binding = root.type === 'Identifier' ? index.lookup(root) : undefined;
  return binding ? { alias: binding } : null;
}

function sentence(sink: Sink, name: string): string {
  switch (sink) {
    case 'fetch':
      return `Sends the whole ${name} object, with every stored key and secret, to a web service; send only the values the request needs, such as ${name}.API_KEY.`;
    case 'console':
      return `Writes the whole ${name} object, with every stored key and secret, to the log; log only the values you need to check.`;
    case 'return':
      return `Returns the whole ${name} object, so its stored keys and secrets could be shown to visitors; return only the data the visitor needs.`;
  }
}
