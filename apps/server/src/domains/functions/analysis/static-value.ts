import type { AnyNode, MemberExpression } from 'acorn';
import type { ModuleIndex } from './module-index';

/** Text known before the code runs: all of it (`complete`), or only how it starts. */
export interface StaticText {
  text: string;
  complete: boolean;
}

/** Bounds how far a chain of consts (or nested expressions) is followed, so cycles and deep chains stay cheap. */
const MAX_DEPTH = 20;
/** Text beyond this is not needed (a URL's host, or whether a string looks encoded) and is cut off as unknown. */
export const MAX_TEXT = 10_000;

const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'window', 'global']);

/**
 * The text an expression evaluates to, as far as it can be known without running the code:
 * literals, template literals and `+` chains up to their first unknown part, consts holding
 * those, and properties of const object literals.
 */
export function staticText(index: ModuleIndex, node: AnyNode, depth = 0): StaticText | null {
  if (depth > MAX_DEPTH || !index.spend()) return null;
  switch (node.type) {
    case 'Literal':
      if (node.regex || node.value === undefined) return null;
      return { text: String(node.value), complete: true };
    case 'TemplateLiteral':
      return joinParts(index, interleave(node.quasis, node.expressions), depth);
    case 'BinaryExpression':
      return node.operator === '+' ? joinParts(index, plusOperands(node), depth) : null;
    case 'Identifier':
    case 'MemberExpression':
    case 'ChainExpression': {
      const value = constantValue(index, node, depth);
      return value ? staticText(index, value, depth + 1) : null;
    }
    case 'CallExpression':
      // String(x) is x's text.
      if (
        node.arguments.length === 1 &&
        node.arguments[0]?.type !== 'SpreadElement' &&
        globalName(index, node.callee, depth) === 'String'
      ) {
        return staticText(index, node.arguments[0] as AnyNode, depth + 1);
      }
      return null;
    default:
      return null;
  }
}

type Part = AnyNode | { cooked: string };

function interleave(quasis: { value: { cooked?: string | null } }[], expressions: AnyNode[]): Part[] {
  const parts: Part[] = [];
  quasis.forEach((quasi, i) => {
    parts.push({ cooked: quasi.value.cooked ?? '' });
    const expression = expressions[i];
    if (expression) parts.push(expression);
  });
  return parts;
}

/** The operands of `a + b + c`, collected without recursion because long chains nest deeply to the left. */
function plusOperands(node: AnyNode): AnyNode[] {
  const operands: AnyNode[] = [];
  let current = node;
  while (current.type === 'BinaryExpression' && current.operator === '+') {
    operands.push(current.right);
    current = current.left as AnyNode;
  }
  operands.push(current);
  return operands.reverse();
}

function joinParts(index: ModuleIndex, parts: Part[], depth: number): StaticText | null {
  let text = '';
  for (const [i, part] of parts.entries()) {
    const known = 'cooked' in part ? { text: part.cooked, complete: true } : staticText(index, part, depth + 1);
    if (!known) return i === 0 ? null : { text, complete: false };
    text += known.text;
    if (text.length > MAX_TEXT) return { text: text.slice(0, MAX_TEXT), complete: false };
    if (!known.complete) return { text, complete: false };
  }
  return { text, complete: true };
}

/** What an identifier or property read holds when a const fixes it: the const's initial value, or a property of a const object literal. */
export function constantValue(index: ModuleIndex, node: AnyNode, depth = 0): AnyNode | null {
  if (depth > MAX_DEPTH || !index.spend()) return null;
  if (node.type === 'ChainExpression') return constantValue(index, node.expression, depth + 1);
  if (node.type === 'Identifier') {
    const binding = index.lookup(node);
    return binding?.kind === 'const' ? binding.init : null;
  }
  if (node.type !== 'MemberExpression') return null;
  const key = propertyName(index, node, depth + 1);
  let object: AnyNode | null = node.object;
  if (object.type !== 'ObjectExpression' && object.type !== 'ArrayExpression') object = constantValue(index, object, depth + 1);
  if (key === null || !object) return null;
  if (object.type === 'ArrayExpression') {
    const element = /^\d+$/.test(key) ? object.elements[Number(key)] : undefined;
    return element && element.type !== 'SpreadElement' && !object.elements.some((e) => e?.type === 'SpreadElement') ? element : null;
  }
  if (object.type !== 'ObjectExpression') return null;
  // The last property with that name wins; a spread after it could replace it with anything.
  for (let i = object.properties.length - 1; i >= 0; i--) {
    const property = object.properties[i];
    if (!property || property.type === 'SpreadElement') return null;
    if (property.kind === 'init' && !property.method && staticKey(index, property.key, property.computed, depth) === key) {
      return property.value;
    }
  }
  return null;
}

/** The name a property access reads, when it is known: `a.b`, `a['b']`, `a['b' + 'c']`, `a[KEY]`. */
export function propertyName(index: ModuleIndex, member: MemberExpression, depth = 0): string | null {
  return staticKey(index, member.property, member.computed, depth);
}

function staticKey(index: ModuleIndex, key: AnyNode, computed: boolean, depth: number): string | null {
  if (!computed) return key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : null;
  const known = staticText(index, key, depth + 1);
  return known?.complete ? known.text : null;
}

/**
 * The global an expression names, as a dotted path ("fetch", "console.log", "String.fromCharCode"),
 * seeing through consts, `globalThis.x`/`globalThis['x']`/`this.x`, and `(0, x)`. Null when it
 * names a local binding or cannot be known.
 */
export function globalName(index: ModuleIndex, node: AnyNode, depth = 0): string | null {
  if (depth > MAX_DEPTH || !index.spend()) return null;
  switch (node.type) {
    case 'Identifier': {
      const binding = index.lookup(node);
      if (!binding) return node.name;
      return binding.kind === 'const' && binding.init ? globalName(index, binding.init, depth + 1) : null;
    }
    case 'ThisExpression':
      return 'globalThis';
    case 'SequenceExpression': {
      const last = node.expressions[node.expressions.length - 1];
      return last ? globalName(index, last, depth + 1) : null;
    }
    case 'ChainExpression':
      return globalName(index, node.expression, depth + 1);
    case 'MemberExpression': {
      const object = globalName(index, node.object, depth + 1);
      const key = object === null ? null : propertyName(index, node, depth + 1);
      if (object === null || key === null) return null;
      return GLOBAL_OBJECTS.has(object) ? key : `${object}.${key}`;
    }
    default:
      return null;
  }
}

/** Whether a loop condition is always true: `true`, `1`, `!0`, `'x'`, `[]`, or a const holding one. */
export function alwaysTruthy(index: ModuleIndex, node: AnyNode, depth = 0): boolean {
  return truthiness(index, node, depth) === true;
}

function truthiness(index: ModuleIndex, node: AnyNode, depth: number): boolean | null {
  if (depth > MAX_DEPTH) return null;
  switch (node.type) {
    case 'Literal':
      return Boolean(node.regex ?? node.value);
    case 'ArrayExpression':
    case 'ObjectExpression':
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return true;
    case 'TemplateLiteral': {
      const known = staticText(index, node, depth + 1);
      return known ? (known.complete ? known.text.length > 0 : known.text.length > 0 || null) : null;
    }
    case 'UnaryExpression': {
      if (node.operator !== '!') return null;
      const inner = truthiness(index, node.argument, depth + 1);
      return inner === null ? null : !inner;
    }
    case 'Identifier':
    case 'MemberExpression': {
      const value = constantValue(index, node, depth + 1);
      return value ? truthiness(index, value, depth + 1) : null;
    }
    default:
      return null;
  }
}
