import type { UserPage } from '@aisle/contracts/accounts';
import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';
import { loadActiveUser } from './load-active-user';
import { toUserRepresentation } from './user-representation';

/** Django REST framework's PageNumberPagination default page size, as the original used. */
export const USERS_PAGE_SIZE = 50;

export interface ListUsersInput {
  db: Db;
  env: Env;
  viewerId: string;
  /** The raw `?page=` value: a positive integer or "last"; absent means the first page. */
  page: string | undefined;
}

/** Staff only: every user, oldest first, one page at a time. */
export async function listUsers({ db, env, viewerId, page }: ListUsersInput): Promise<UserPage> {
  const viewer = await loadActiveUser({ db, userId: viewerId });
  if (!viewer.isStaff) throw new AppError('FORBIDDEN', accountMessages.forbidden);

  const [total] = await db.select({ value: count() }).from(users);
  const totalCount = total?.value ?? 0;
  // An empty list still has one (empty) first page, as in DRF.
  const lastPage = Math.max(1, Math.ceil(totalCount / USERS_PAGE_SIZE));
  const pageNumber = parsePage(page, lastPage);

  const rows = await db
    .select()
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((pageNumber - 1) * USERS_PAGE_SIZE);

  const pageUrl = (n: number) => (n === 1 ? `${env.PUBLIC_URL}/api/users/` : `${env.PUBLIC_URL}/api/users/?page=${n}`);
  return {
    count: totalCount,
    next: pageNumber < lastPage ? pageUrl(pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageUrl(pageNumber - 1) : null,
    results: rows.map(toUserRepresentation),
  };
}

function parsePage(page: string | undefined, lastPage: number): number {
  if (page === undefined) return 1;
  if (page === 'last') return lastPage;
  const n = /^\d{1,9}$/.test(page) ? Number(page) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > lastPage) throw new AppError('NOT_FOUND', accountMessages.invalidPage);
  return n;
}
