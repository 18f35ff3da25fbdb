import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import type { JSONSchema7 } from 'ai';
import { termsOf } from '../knowledge';

/*
 * How the built-in local model uses an assistant's functions, without a language model: it picks
 * the function whose name and description share the most words with the question, fills its
 * arguments from the question by what the schema says (enums, e-mail addresses, patterns, numbers,
 * free text), calls it when every required argument is there or asks for what is missing, and
 * answers from the function's result. Deterministic, like the rest of the local model.
 */

/**
 * How much a question must share with a function before the local model uses it: a word of the
 * function's name counts 2 (unless it is a generic verb such as "get"), a word of its description 1.
 */
export const MIN_MATCH_SCORE = 2;
const GENERIC_NAME_TERMS = new Set(termsOf('get find look lookup fetch search check answer save run make do send create list show'));

export type ToolChoice =
  | { kind: 'call'; toolName: string; input: Record<string, unknown> }
  | { kind: 'ask'; toolName: string; missing: string[] };

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
}

/** A function or argument name as words: "getOrderStatus", "get_order_status" → "get Order Status", "get order status". */
export const wordsOfName = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const NUMBER = /-?\d+(?:\.\d+)?/g;
/** Free-text arguments take the whole question. */
const FREE_TEXT = /^(question|query|q|search|text|message|description|request|topic|keywords?|note)$/i;

function tokensOf(question: string): string[] {
  return question
    .split(/\s+/)
    .map((token) => token.replace(/^[("'“‘]+|[)"'”’.,!?;:]+$/g, ''))
    .filter(Boolean);
}

/** One argument's value from the question, or undefined; `used` keeps two arguments from taking the same token. */
function valueFor(name: string, schema: Schema, question: string, used: Set<string>): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum?.length) {
    const questionTerms = new Set(termsOf(question));
    return schema.enum.find((option) => typeof option === 'string' && termsOf(option).some((term) => questionTerms.has(term)));
  }
  if (schema.format === 'email' || /e-?mail/i.test(name)) {
    const email = [...question.matchAll(EMAIL)].map((match) => match[0]).find((candidate) => !used.has(candidate));
    if (email) used.add(email);
    return email;
  }
  if (type === 'number' || type === 'integer') {
    const number = [...question.matchAll(NUMBER)].map((match) => match[0]).find((candidate) => !used.has(candidate));
    if (number === undefined) return undefined;
    used.add(number);
    return type === 'integer' ? Math.trunc(Number(number)) : Number(number);
  }
  if (type === 'boolean') return undefined;
  if (schema.pattern) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      return undefined;
    }
    // An identifier-like argument (order number, code, id) prefers tokens with digits.
    const candidates = tokensOf(question).filter((token) => !used.has(token) && !token.includes('@') && pattern.test(token));
    const chosen = candidates.find((token) => /\d/.test(token)) ?? (/(number|id|code)$/i.test(name) ? undefined : candidates[0]);
    if (chosen) used.add(chosen);
    return chosen;
  }
  if (/(number|id|code)$/i.test(name)) {
    const token = tokensOf(question).find((candidate) => !used.has(candidate) && /\d/.test(candidate) && !candidate.includes('@'));
    if (token) used.add(token);
    return token;
  }
  return FREE_TEXT.test(name) ? question.trim() : undefined;
}

function functionTools(tools: readonly unknown[] | undefined): LanguageModelV4FunctionTool[] {
  return (tools ?? []).filter((tool): tool is LanguageModelV4FunctionTool => (tool as { type?: string }).type === 'function');
}

/**
 * The function to call for a question and its arguments, a function whose required arguments the
 * question lacks (so the answer can ask for them), or null when no function fits.
 */
export function chooseTool(question: string, tools: readonly unknown[] | undefined): ToolChoice | null {
  const questionTerms = new Set(termsOf(question));
  let best: { tool: LanguageModelV4FunctionTool; score: number } | undefined;
  for (const tool of functionTools(tools)) {
    const nameTerms = new Set(termsOf(wordsOfName(tool.name)).filter((term) => !GENERIC_NAME_TERMS.has(term)));
    const toolTerms = new Set([...nameTerms, ...termsOf(tool.description ?? '')]);
    let score = 0;
    for (const term of toolTerms) if (questionTerms.has(term)) score += nameTerms.has(term) ? 2 : 1;
    if (score >= MIN_MATCH_SCORE && (!best || score > best.score)) best = { tool, score };
  }
  if (!best) return null;
  const schema = (best.tool.inputSchema ?? {}) as JSONSchema7 as Schema;
  const required = new Set(schema.required ?? []);
  const input: Record<string, unknown> = {};
  const missing: string[] = [];
  const used = new Set<string>();
  // In the schema's `required` order: stored JSON (jsonb) does not keep the order properties were written in.
  const order = [...(schema.required ?? [])];
  const entries = Object.entries(schema.properties ?? {}).sort(
    ([a], [b]) => (order.includes(a) ? order.indexOf(a) : order.length) - (order.includes(b) ? order.indexOf(b) : order.length),
  );
  for (const [name, property] of entries) {
    const value = valueFor(name, property, question, used);
    if (value !== undefined) input[name] = value;
    else if (required.has(name)) missing.push(/^e-?mail$/i.test(name) ? 'email address' : wordsOfName(name).toLowerCase());
  }
  return missing.length ? { kind: 'ask', toolName: best.tool.name, missing } : { kind: 'call', toolName: best.tool.name, input };
}

/** The results of the functions called in this turn, when the prompt ends with them. */
export function toolResultsOfTurn(prompt: LanguageModelV4Prompt): { toolName: string; output: LanguageModelV4ToolResultOutput }[] {
  const last = prompt.at(-1);
  if (last?.role !== 'tool') return [];
  return last.content.flatMap((part) => (part.type === 'tool-result' ? [{ toolName: part.toolName, output: part.output }] : []));
}

/** Asking for what a function needs, in the visitor's terms. */
export function askForArguments(missing: string[]): string {
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `I can look that up. Please tell me the ${list}.`;
}
