import { isAddressAllowed } from '../sandbox/address-policy';

const PRIVATE_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];
/** The URL parser writes every IPv4 form (`2130706433`, `0x7f.1`) as four decimals and IPv6 in brackets. */
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Whether a host (as urlHost returns it) can only be a machine on a private network: a local or
 * internal name, a single-label name (resolved through the server's own search domains), or an IP
 * address the sandbox's address policy refuses (loopback, private, link-local, CGNAT, metadata…).
 */
export function isPrivateHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name.startsWith('[') && name.endsWith(']')) return !isAddressAllowed(name.slice(1, -1), 443, {});
  if (IPV4.test(name)) return !isAddressAllowed(name, 443, {});
  if (name === 'localhost' || PRIVATE_SUFFIXES.some((suffix) => name.endsWith(suffix))) return true;
  return !name.includes('.');
}
