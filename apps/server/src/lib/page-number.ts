import { AppError } from './app-error';

export const INVALID_PAGE = 'Invalid page.';

/**
 * The page a REST list answers (Django REST framework's PageNumberPagination): `?page=N` or
 * `last`, the first page when absent; a page outside the list is 404 "Invalid page.". An empty
 * list still has one (empty) first page.
 */
export function pageNumber(page: string | undefined, totalCount: number, pageSize: number): { page: number; lastPage: number } {
  const lastPage = Math.max(1, Math.ceil(totalCount / pageSize));
  if (page === undefined) return { page: 1, lastPage };
  if (page === 'last') return { page: lastPage, lastPage };
  const n = /^\d{1,9}$/.test(page) ? Number(page) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > lastPage) throw new AppError('NOT_FOUND', INVALID_PAGE);
  return { page: n, lastPage };
}

/** `{count, next, previous, results}` with absolute page links, as every REST list answers. */
export function pageOf<T>(input: {
  url: string;
  page: number;
  lastPage: number;
  count: number;
  results: T[];
  query?: Record<string, string>;
}) {
  const link = (n: number) => {
    const params = new URLSearchParams(input.query);
    if (n !== 1) params.set('page', String(n));
    const search = params.toString();
    return search ? `${input.url}?${search}` : input.url;
  };
  return {
    count: input.count,
    next: input.page < input.lastPage ? link(input.page + 1) : null,
    previous: input.page > 1 ? link(input.page - 1) : null,
    results: input.results,
  };
}
