import type { AnyNode } from 'acorn';
import type { ModuleIndex } from './module-index';
import { constantValue, globalName, propertyName, type StaticText, staticText } from './static-value';

const MAX_DEPTH = 20;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
/** What an unfinished authority may end with when the rest of the URL is unknown: a host (a dotted name, localhost or [IPv6]) and maybe a port. */
/** Longer than any real host and port; also keeps OPEN_AUTHORITY's backtracking short. */
const MAX_AUTHORITY = 300;
const OPEN_AUTHORITY = /^([^:@]*\.[^:@]*[^.:@-]|localhost|\[[^\]]*\])(:\d*)?$/i;

/**
 * The host an expression used as a URL points at (lowercase, without port or trailing dot), or
 * null when the code decides it at run time. Understands `new URL(x)`, `new URL(path, base)`, a
 * URL object's `href`/`toString()`, and any text staticText can work out.
 */
export function urlHost(index: ModuleIndex, node: AnyNode, depth = 0): string | null {
  if (depth > MAX_DEPTH) return null;
  if (node.type === 'NewExpression' && globalName(index, node.callee) === 'URL') return newUrlHost(index, node.arguments, depth);
  if (node.type === 'MemberExpression' && ['href', 'origin'].includes(propertyName(index, node) ?? '')) {
    return urlHost(index, node.object, depth + 1);
  }
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && propertyName(index, node.callee) === 'toString') {
    return urlHost(index, node.callee.object, depth + 1);
  }
  if (node.type === 'AwaitExpression') return urlHost(index, node.argument, depth + 1);
  if (node.type === 'Identifier' || node.type === 'ChainExpression' || node.type === 'MemberExpression') {
    const value = constantValue(index, node);
    return value ? urlHost(index, value, depth + 1) : null;
  }
  const text = staticText(index, node);
  return text ? hostFromText(text) : null;
}

function newUrlHost(index: ModuleIndex, args: AnyNode[], depth: number): string | null {
  const [input, base] = args;
  if (!input || input.type === 'SpreadElement') return null;
  const known = staticText(index, input);
  const inputText = known && { ...known, text: trimStart(known.text) };
  if (inputText && SCHEME.test(inputText.text)) return hostFromText(inputText);
  if (!base || base.type === 'SpreadElement') return null;
  // A protocol-relative input keeps the base's scheme but names its own host.
  if (inputText?.text.startsWith('//')) return hostFromText({ ...inputText, text: `https:${inputText.text}` });
  // With an unknown input the base is still the service the code is written to call.
  return urlHost(index, base, depth + 1);
}

/** The http(s) host at the start of a URL text, normalised the way fetch will see it (so `http://0x7f.1/` gives 127.0.0.1). */
export function hostFromText({ text: raw, complete }: StaticText): string | null {
  const text = trimStart(raw);
  const scheme = SCHEME.exec(text);
  const protocol = scheme?.[1]?.toLowerCase();
  if (!scheme || (protocol !== 'http' && protocol !== 'https')) return null;
  if (complete) return hostnameOf(text);
  const rest = text.slice(scheme[0].length).replace(/^[/\\]*/, '');
  const end = rest.search(/[/\\?#]/);
  if (end >= 0) return hostnameOf(`${protocol}://${rest.slice(0, end)}/`);
  // The text stops inside the authority. Only a finished-looking host counts, so
  // `'https://api.' + domain` names no host while `BASE + path` names BASE's.
  const open = rest.length <= MAX_AUTHORITY ? OPEN_AUTHORITY.exec(rest) : null;
  return open?.[1] ? hostnameOf(`${protocol}://${open[1]}/`) : null;
}

function hostnameOf(url: string): string | null {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    return hostname.replace(/\.$/, '').toLowerCase() || null;
  } catch {
    return null;
  }
}

/** The URL parser ignores leading control characters and spaces, so `' https://x'` still goes to x. */
function trimStart(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 0x20) start++;
  return text.slice(start);
}
