/**
 * The public entry point of `domains/accounts`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { accountMessages } from './account-messages';
export { accountRoutes } from './account-routes';
export { accountSettingsRateLimit, authRateLimit } from './auth-rate-limit';
export { removeReplacedAvatar } from './avatar-files';
export { checkAvatarImage, storeAvatarImage } from './avatar-image';
export { avatarMediaRoutes } from './avatar-media-routes';
export { readAvatarUpload, registerAvatarMultipart } from './avatar-multipart';
export { checkPassword } from './check-password';
export type { ConfirmEmailOutcome, RenameOwner } from './confirm-email';
export { confirmEmail } from './confirm-email';
export { createUser } from './create-user';
export { ensurePlatformAccount } from './ensure-platform-account';
export { issueAccessToken, issueTokenPair } from './issue-token-pair';
export { loadActiveUser } from './load-active-user';
export { loadTokenVersion } from './load-token-version';
export { hashPassword } from './password-hashing';
export { provisionUser } from './provision-user';
export { replySignatureFor } from './reply-signature';
export { createTokenVersions } from './token-versions';
export type { TokenClaims, TokenSigner, TokenType } from './tokens';
export { createTokenSigner, INVALID_TOKEN_DETAIL } from './tokens';
export { toLoginUser } from './user-representation';
