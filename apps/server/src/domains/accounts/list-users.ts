import type { UserPage } from '@aisle/contracts/accounts';
import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { pageNumber, pageOf } from '../../lib/page-number';
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
  const { page: current, lastPage } = pageNumber(page, totalCount, USERS_PAGE_SIZE);

  const rows = await db
    .select()
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((current - 1) * USERS_PAGE_SIZE);

  return pageOf({
    url: `${env.PUBLIC_URL}/api/users/`,
    page: current,
    lastPage,
    count: totalCount,
    results: rows.map(toUserRepresentation),
  });
}
