import type { AnyNode, CallExpression, Literal, TemplateElement } from 'acorn';
import { contains, isFunction, type ModuleIndex } from '../module-index';
import { constantValue, globalName, MAX_TEXT, propertyName, staticText } from '../static-value';
import { type Violation, violationAt } from '../violations';

const PLAINLY = 'write the code out plainly.';
const EVAL = `eval() runs hidden code; ${PLAINLY}`;
const FUNCTION_CONSTRUCTOR = `new Function() builds code from text while it runs; ${PLAINLY}`;
const CONSTRUCTOR_CHAIN = `Reaches the Function constructor through .constructor, a way to run hidden code; ${PLAINLY}`;
const CHAR_CODES = 'Builds text from a long list of character codes, which hides what it says; write the text out plainly.';
const ENCODED = 'Contains a long encoded string that hides what the code does; keep data readable, or fetch it from a service.';
const ESCAPED = 'Writes a string as a long run of \\x or \\u escape codes, which hides its text; write the text out plainly.';
const DECODED = (how: string) => `Decodes a hidden string with ${how}; write the text out plainly.`;

const MIN_CHAR_CODES = 8;
const MIN_ENCODED_LENGTH = 200;
const MIN_DECODED_LENGTH = 40;
const MIN_ESCAPES = 20;
const ENCODED_TEXT = /^[A-Za-z0-9+/=_-]+$/;

/** Code written to hide what it does: eval and its disguises, the Function constructor, and text packed into codes. */
export function obfuscationViolations(index: ModuleIndex): Violation[] {
  const violations: Violation[] = [];
  const report = (node: AnyNode, sentence: string) => violations.push(violationAt(node, sentence));

  for (const identifier of index.nodes('Identifier')) {
    // Any use of the global eval counts, since `(0, eval)` or `const run = eval` call it just the same.
    if (identifier.name === 'eval' && !index.lookup(identifier)) report(identifier, EVAL);
  }
  for (const member of index.nodes('MemberExpression')) {
    const property = propertyName(index, member);
    if (property === 'eval' && globalName(index, member) === 'eval') report(member, EVAL);
    if (property === 'constructor' && reachesFunctionConstructor(index, member.object)) report(member, CONSTRUCTOR_CHAIN);
  }
  for (const call of [...index.nodes('CallExpression'), ...index.nodes('NewExpression')]) {
    const callee = globalName(index, call.callee);
    const viaReflect = (callee === 'Reflect.construct' || callee === 'Reflect.apply') && isGlobal(index, call.arguments[0], 'Function');
    if (callee === 'Function' || callee === 'Function.call' || callee === 'Function.apply' || viaReflect) {
      report(call, FUNCTION_CONSTRUCTOR);
    }
    if (call.type === 'CallExpression') checkDecoding(index, call, callee, report);
  }
  const encodedPieces: AnyNode[] = [];
  const checkText = (node: Literal | TemplateElement, text: string, raw: string) => {
    if (looksEncoded(text)) {
      encodedPieces.push(node);
      report(node, ENCODED);
    }
    if (countEscapes(raw) >= MIN_ESCAPES) report(node, ESCAPED);
  };
  for (const literal of index.nodes('Literal')) {
    if (typeof literal.value === 'string') checkText(literal, literal.value, literal.raw ?? '');
  }
  for (const quasi of index.nodes('TemplateElement')) checkText(quasi, quasi.value.cooked ?? '', quasi.value.raw);
  for (const binary of index.nodes('BinaryExpression')) {
    // Long encoded text split into short pieces: check each whole `+` chain once, from its top.
    const parent = index.parent(binary);
    if (binary.operator !== '+' || (parent?.type === 'BinaryExpression' && parent.operator === '+')) continue;
    if (encodedPieces.some((piece) => contains(binary, piece))) continue;
    const text = staticText(index, binary);
    if (text && (text.complete || text.text.length >= MAX_TEXT) && looksEncoded(text.text)) report(binary, ENCODED);
  }
  return violations;
}

/** `x.constructor` gives the Function constructor when x is itself a constructor or a function. */
function reachesFunctionConstructor(index: ModuleIndex, object: AnyNode): boolean {
  if (object.type === 'MemberExpression' && propertyName(index, object) === 'constructor') return true;
  if (globalName(index, object) === 'Function.prototype') return true;
  const value = object.type === 'Identifier' ? (index.lookup(object)?.init ?? object) : object;
  if (isFunction(value) || value.type === 'ClassExpression') return true;
  // Object.getPrototypeOf(async function () {}).constructor is AsyncFunction.
  return (
    value.type === 'CallExpression' &&
    globalName(index, value.callee) === 'Object.getPrototypeOf' &&
    value.arguments[0] !== undefined &&
    isFunction(value.arguments[0] as AnyNode)
  );
}

function checkDecoding(index: ModuleIndex, call: CallExpression, callee: string | null, report: (node: AnyNode, sentence: string) => void) {
  if (callee === 'String.fromCharCode' || callee === 'String.fromCodePoint') {
    if (
      call.arguments.length >= MIN_CHAR_CODES ||
      call.arguments.some((arg) => arg.type === 'SpreadElement' && longCodeList(index, arg.argument))
    ) {
      report(call, CHAR_CODES);
    }
  }
  // String.fromCharCode.apply(null, [...codes])
  if (callee === 'String.fromCharCode.apply' || callee === 'String.fromCodePoint.apply') {
    const codes = call.arguments[1];
    if (codes && codes.type !== 'SpreadElement' && longCodeList(index, codes)) report(call, CHAR_CODES);
  }
  const first = call.arguments[0];
  if (!first || first.type === 'SpreadElement') return;
  if ((callee === 'atob' || callee === 'unescape') && longLiteral(index, first)) report(call, DECODED(`${callee}()`));
  if (callee === 'decodeURIComponent' && first.type === 'CallExpression' && globalName(index, first.callee) === 'escape') {
    const inner = first.arguments[0];
    if (inner && inner.type !== 'SpreadElement' && longLiteral(index, inner)) report(call, DECODED('decodeURIComponent(escape())'));
  }
}

function longCodeList(index: ModuleIndex, node: AnyNode): boolean {
  const list = node.type === 'Identifier' ? constantValue(index, node) : node;
  return (
    list?.type === 'ArrayExpression' &&
    list.elements.filter((e) => e?.type === 'Literal' && typeof e.value === 'number').length >= MIN_CHAR_CODES
  );
}

function longLiteral(index: ModuleIndex, node: AnyNode): boolean {
  const text = staticText(index, node);
  return text?.complete === true && text.text.length >= MIN_DECODED_LENGTH;
}

/** Base64 or hex: long, one unbroken run of their characters, with both letters and digits (so a long word or number is not). */
function looksEncoded(text: string): boolean {
  return text.length >= MIN_ENCODED_LENGTH && ENCODED_TEXT.test(text) && /\d/.test(text) && /[A-Za-z]/.test(text);
}

/** `\xNN` and `\uNNNN`/`\u{…}` escapes in a literal's source; `\\x` is an escaped backslash, not one. */
function countEscapes(raw: string): number {
  let count = 0;
  for (let i = raw.indexOf('\\'); i >= 0 && i < raw.length; i = raw.indexOf('\\', i + 2)) {
    const next = raw[i + 1];
    if (next === 'x' || next === 'u') count++;
  }
  return count;
}

function isGlobal(index: ModuleIndex, node: AnyNode | undefined, name: string): boolean {
  return node !== undefined && node.type !== 'SpreadElement' && globalName(index, node) === name;
}
