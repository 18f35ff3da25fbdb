import type { LoginUser, RefreshUser, UserRepresentation } from '@aisle/contracts/accounts';
import type { User } from '../../db/schema/users';
import { toUsd } from '../../lib/money';
import { mailLanguage } from './account-mail-texts';

/** How the users API shows a user: an explicit list of fields, so the password hash never leaks. */
export function toUserRepresentation(user: User): UserRepresentation {
  return {
    id: user.id,
    email: user.email,
    is_staff: user.isStaff,
    tier: user.tier,
    available_usd: toUsd(user.balanceMicroUsd),
    user_avatar_url: user.avatar ?? null,
    email_verified: user.emailVerified,
    date_joined: user.createdAt.toISOString(),
  };
}

/** The `user` of the login response (spec §3), with the account's language. */
export function toLoginUser(user: User): LoginUser {
  return {
    email: user.email,
    is_staff: user.isStaff,
    tier: user.tier,
    user_avatar_url: user.avatar ?? null,
    language: mailLanguage(user.language),
  };
}

/** The `user` of the refresh response (spec §3 names the staff flag `admin` there), with the account's language. */
export function toRefreshUser(user: User): RefreshUser {
  return {
    admin: user.isStaff,
    email: user.email,
    tier: user.tier,
    user_avatar_url: user.avatar ?? null,
    language: mailLanguage(user.language),
  };
}
