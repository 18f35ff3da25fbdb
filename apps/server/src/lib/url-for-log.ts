/**
 * A request URL as the logs may hold it: capability values left out (issue 28, finding 8). Anyone
 * who reads the log must not be able to open what the link opens: a signed upload or download
 * (`signature`), a share link (`/shared/chat?token=`), OAuth callbacks (`code`, `state`, `hmac`),
 * the embedded admin's App Bridge launch (`id_token`, `session`, `hmac`), `sh/validate_session/
 * ?shopify_token=`, an e-mail verification key (`?key=`, or in the path of `confirm-email/:key/`).
 * Names and everything else stay as they were, so a line still says which route was called.
 */
export const REDACTED = '[redacted]';

const CAPABILITY_NAMES = new Set([
  'token',
  'key',
  'signature',
  'code',
  'hmac',
  'shopify_token',
  'state',
  'id_token',
  'session',
  'access_token',
  'refresh',
  'refresh_token',
  'password',
]);

/** Plus any `…_token`, `…_secret`, `…_password` (Meta's `hub.verify_token`, an OAuth `client_secret`). */
export function isCapabilityName(name: string): boolean {
  const lower = name.toLowerCase();
  return CAPABILITY_NAMES.has(lower) || /(?:^|[._-])(?:token|secret|password)$/.test(lower);
}

/**
 * `url` is the request's own (path and query); `route`, when known, its pattern
 * (`/api/accounts/confirm-email/:key/`), whose capability parameters are left out of the path too.
 * Part by part rather than through `URL`, which would re-encode what it keeps; a malformed escape
 * is kept as sent (URLSearchParams decodes what it can and never throws).
 */
export function urlForLog(url: string, route?: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? null : url.slice(queryAt + 1);
  const keptPath = route ? pathForLog(path, route) : path;
  return query === null ? keptPath : `${keptPath}?${queryForLog(query)}`;
}

function queryForLog(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1) return part;
      const rawName = part.slice(0, equals);
      const [name] = new URLSearchParams(`${rawName}=`).keys();
      return isCapabilityName(name ?? rawName) ? `${rawName}=${REDACTED}` : part;
    })
    .join('&');
}

/** The route's segments and the path's line up (a wildcard route is left as it is). */
function pathForLog(path: string, route: string): string {
  if (route.includes('*')) return path;
  const patterns = route.split('/');
  return path
    .split('/')
    .map((segment, i) => {
      const pattern = patterns[i];
      return pattern?.startsWith(':') && isCapabilityName(pattern.slice(1).replace(/\?$/, '')) ? REDACTED : segment;
    })
    .join('/');
}
