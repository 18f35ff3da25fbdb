import type { AnyNode, CallExpression } from 'acorn';
import type { ModuleIndex } from './module-index';
import { urlHost } from './resolve-url';
import { globalName } from './static-value';

/** A place the code names a URL: a fetch call or a `new URL(…)`. */
export interface UrlSite {
  node: AnyNode;
  /** Null when the code only decides the host at run time. */
  host: string | null;
}

export function isFetchCall(index: ModuleIndex, call: CallExpression): boolean {
  return globalName(index, call.callee) === 'fetch';
}

const fetchCallsOf = new WeakMap<ModuleIndex, CallExpression[]>();

/** Every fetch call in the module (several rules need them; found once per module). */
export function fetchCalls(index: ModuleIndex): CallExpression[] {
  let calls = fetchCallsOf.get(index);
  if (!calls) {
    calls = index.nodes('CallExpression').filter((call) => isFetchCall(index, call));
    fetchCallsOf.set(index, calls);
  }
  return calls;
}

export function urlSites(index: ModuleIndex): UrlSite[] {
  const sites: UrlSite[] = [];
  for (const call of fetchCalls(index)) {
    const target = call.arguments[0];
    sites.push({ node: call, host: target && target.type !== 'SpreadElement' ? urlHost(index, target) : null });
  }
  for (const expression of index.nodes('NewExpression')) {
    if (globalName(index, expression.callee) === 'URL') sites.push({ node: expression, host: urlHost(index, expression) });
  }
  return sites.sort((a, b) => a.node.start - b.node.start);
}

export function thirdPartyServices(sites: UrlSite[]): string[] {
  const hosts = new Set(sites.flatMap((site) => (site.host ? [site.host] : [])));
  return [...hosts].sort();
}
