/**
 * Whether LINE (or Meta) can deliver webhooks to `url`: an https address on a public host. The URL
 * is the server's PUBLIC_URL (default `http://localhost:$PORT`) plus the channel's path, so a
 * server left at its default, or on a private network, shows an address the platform cannot reach.
 */
export function isPublicHttpsUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return isPublicIpv6(host.slice(1, -1));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return isPublicIpv4(host);
  if (!host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal)$/.test(host);
}

function isPublicIpv4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return !(
    a === 0 || // 0.0.0.0/8: "this host"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT, Tailscale
    (a === 169 && b === 254) || // link-local
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224 // multicast and reserved
  );
}

/** `hostname` of a URL writes IPv6 compressed, in lower case: `::1`, `fe80::1`, `::ffff:c0a8:102`. */
function isPublicIpv6(address: string): boolean {
  if (address === '::' || address === '::1') return false;
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    const low = Number.parseInt(mapped[2] ?? '0', 16);
    return isPublicIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const first = Number.parseInt(address.split(':')[0] || '0', 16);
  return !(
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (first & 0xffc0) === 0xfe80 // fe80::/10 link-local
  );
}
