import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isAddressAllowed } from './address-policy';
import { FetchFailure } from './fetch-failure';
import type { SandboxNetworkSettings } from './network-policy';

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the URL's host once and picks an address the policy allows. The request then connects
 * to exactly that address (host-fetch.ts hands it to the socket through `lookup`), so a name that
 * resolves to a public address for this check and to a private one a moment later (DNS rebinding)
 * cannot reach the private one.
 */
export async function pinAddress(url: URL, port: number, settings: SandboxNetworkSettings, signal: AbortSignal): Promise<PinnedAddress> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host)) {
    if (isAddressAllowed(host, port, settings)) return { address: host, family: isIP(host) as 4 | 6 };
    throw new FetchFailure(`fetch refused: ${host} is a private or loopback address`);
  }
  const candidates = await resolve(host, settings, signal);
  const allowed = candidates.find((candidate) => isAddressAllowed(candidate.address, port, settings));
  if (allowed) return allowed;
  const first = candidates[0]?.address ?? 'no address';
  throw new FetchFailure(`fetch refused: ${host} resolves to ${first}, a private or loopback address`);
}

async function resolve(host: string, settings: SandboxNetworkSettings, signal: AbortSignal): Promise<PinnedAddress[]> {
  const listed = settings.hosts?.[host.toLowerCase()];
  if (listed) return listed.filter((address) => isIP(address)).map((address) => ({ address, family: isIP(address) as 4 | 6 }));
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  try {
    const found = await Promise.race([lookup(host, { all: true, verbatim: true }), aborted]);
    return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
  } catch (error) {
    if (signal.aborted) throw error;
    throw new FetchFailure(`fetch failed: ${host} could not be found`, { cause: error });
  }
}
