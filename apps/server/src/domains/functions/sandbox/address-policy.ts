import ipaddr from 'ipaddr.js';
import type { SandboxNetworkSettings } from './network-policy';

/**
 * Whether a merchant's function may connect to an address. Only public unicast addresses pass:
 * ipaddr.js names every special range (loopback, private, link-local with the cloud metadata
 * address 169.254.169.254, CGNAT, unspecified, multicast, broadcast, reserved, unique-local with
 * fd00:ec2::254, …), and IPv6 must also be global unicast (2000::/3), which leaves out the
 * IPv4-compatible ::a.b.c.d form. IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as its IPv4 address.
 * Tests may allow more with configureSandboxNetwork (network-policy.ts).
 */
export function isAddressAllowed(ip: string, port: number, settings: SandboxNetworkSettings): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  const listed = settings.allow?.some(
    (entry) =>
      ipaddr.isValid(entry.address) && ipaddr.process(entry.address).toString() === address.toString() && (entry.port ?? port) === port,
  );
  return listed === true || isPublic(address);
}

const globalUnicast = ipaddr.parseCIDR('2000::/3');

function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  return v6.range() === 'unicast' && v6.match(globalUnicast);
}
