/**
 * Test-only exceptions to the sandbox's network policy. Production never calls
 * configureSandboxNetwork: every fetch is refused unless it reaches a public address (see
 * address-policy.ts). Tests need a fake server on loopback, and a way to make a public-looking
 * name resolve to a private address, so they call it before running functions.
 *
 * The settings live in this module of the calling (host) thread and runInSandbox copies them
 * into every task it sends to a worker thread; they are never taken from a SandboxRequest or any
 * other input a merchant or shopper controls. They are data, not callbacks (an
 * `allowAddress(ip)` function cannot be sent to a worker thread).
 */
export interface SandboxNetworkSettings {
  /** Addresses fetch may reach although the policy refuses them; with `port`, only on that port. */
  allow?: { address: string; port?: number }[];
  /** Names resolved from this table instead of DNS (for DNS-rebinding tests). */
  hosts?: Record<string, string[]>;
}

let current: SandboxNetworkSettings = {};

/** Tests only. Call with no argument to go back to the production policy. */
export function configureSandboxNetwork(settings: SandboxNetworkSettings = {}): void {
  current = structuredClone(settings);
}

export function sandboxNetworkSettings(): SandboxNetworkSettings {
  return current;
}
