import type { VariableItem, VariablePage, VariableRequest } from '@aisle/contracts/functions';
import { apiRequest } from '@/lib/api-client';

/**
 * The owner's variables (spec §7 Variables, REST): listed a page at a time (DRF `{count, next,
 * previous, results}`), created, changed (PATCH) and deleted. Failures are ApiError; `apiErrorText`
 * and `fieldErrorPaths` turn their `{detail}` / `{field: [msg]}` bodies into messages.
 */
type Token = string | null;

const VARIABLES_PATH = '/api/variables/';

/** A `next` link as a same-origin path: DRF answers absolute URLs, the client calls paths. */
function nextPath(next: string): string {
  try {
    const url = new URL(next, 'http://localhost');
    return `${url.pathname}${url.search}`;
  } catch {
    return next;
  }
}

export const listVariablesPage = (token: Token, path = `${VARIABLES_PATH}?page=1`) => apiRequest<VariablePage>(path, { token });

/** Every variable of the owner, following `next` until it is null. */
export async function listAllVariables(token: Token): Promise<VariableItem[]> {
  const items: VariableItem[] = [];
  let path: string | null = `${VARIABLES_PATH}?page=1`;
  while (path) {
    const page: VariablePage = await listVariablesPage(token, path);
    items.push(...(page?.results ?? []));
    path = page?.next ? nextPath(page.next) : null;
  }
  return items;
}

export const createVariable = (token: Token, body: VariableRequest) => apiRequest<VariableItem>(VARIABLES_PATH, { body, token });

export const updateVariable = (token: Token, id: string, changes: Partial<VariableRequest>) =>
  apiRequest<VariableItem>(`${VARIABLES_PATH}${encodeURIComponent(id)}/`, { method: 'PATCH', body: changes, token });

export const deleteVariable = (token: Token, id: string) =>
  apiRequest<null>(`${VARIABLES_PATH}${encodeURIComponent(id)}/`, { method: 'DELETE', token });
