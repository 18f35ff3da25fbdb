/**
 * The public entry point of `domains/auth`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { createTokenVersions } from './token-versions';
export type { TokenClaims, TokenSigner, TokenType } from './tokens';
export { createTokenSigner, INVALID_TOKEN_DETAIL } from './tokens';
