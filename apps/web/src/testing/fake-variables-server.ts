import type { VariableItem } from '@aisle/contracts/functions';
import { vi } from 'vitest';

type Route = (request: { method: string; path: string; body: unknown }) => Response | undefined | Promise<Response | undefined>;

export const jsonResponse = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const mask = (value: string) => `••••••••${value.length >= 12 ? value.slice(-4) : ''}`;

/** A variable as the server answers it: a secret's value withheld, only masked. */
export function variableItem(name: string, value: string, secret = false, id = `var-${name}`): VariableItem {
  return {
    id,
    name,
    value: secret ? null : value,
    secret,
    maskedValue: secret ? mask(value) : null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
}

/**
 * A stand-in for the REST backend in component tests: `fetch` answers `/api/variables/` (list in
 * pages of `pageSize`, create, PATCH, DELETE) from an in-memory list, and any further `routes` in
 * order; anything else is a 404. `requests` records every call with its parsed body.
 */
export function fakeVariablesServer(initial: VariableItem[] = [], { pageSize = 50, routes = [] as Route[] } = {}) {
  const variables = [...initial];
  const requests: { method: string; path: string; body: unknown }[] = [];
  let nextId = 1;

  const handleVariables = (method: string, url: URL, body: unknown): Response => {
    const id = /^\/api\/variables\/([^/]+)\/$/.exec(url.pathname)?.[1];
    if (method === 'GET' && !id) {
      const page = Number(url.searchParams.get('page') ?? '1');
      const results = variables.slice((page - 1) * pageSize, page * pageSize);
      const more = page * pageSize < variables.length;
      return jsonResponse(200, {
        count: variables.length,
        next: more ? `http://testserver/api/variables/?page=${page + 1}` : null,
        previous: page > 1 ? `http://testserver/api/variables/?page=${page - 1}` : null,
        results,
      });
    }
    if (method === 'POST' && !id) {
      const { name, value, secret } = body as { name: string; value: string; secret?: boolean };
      if (variables.some((item) => item.name === name)) return jsonResponse(400, { name: ['A variable with this name already exists.'] });
      const item = variableItem(name, value, !!secret, `new-${nextId++}`);
      variables.push(item);
      return jsonResponse(201, item);
    }
    const index = variables.findIndex((item) => item.id === id);
    if (index < 0) return jsonResponse(404, { detail: 'Not found.' });
    if (method === 'DELETE') {
      variables.splice(index, 1);
      return jsonResponse(204);
    }
    const before = variables[index] as VariableItem;
    const changes = body as { name?: string; value?: string; secret?: boolean };
    const secret = changes.secret ?? before.secret;
    const updated = {
      ...variableItem(changes.name ?? before.name, changes.value ?? before.value ?? 'kept-secret-value', secret, before.id),
    };
    variables[index] = updated;
    return jsonResponse(200, updated);
  };

  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const path = `${url.pathname}${url.search}`;
    requests.push({ method, path, body });
    if (url.pathname.startsWith('/api/variables/')) return handleVariables(method, url, body);
    for (const route of routes) {
      const answer = await route({ method, path, body });
      if (answer) return answer;
    }
    return jsonResponse(404, { detail: 'Not found.' });
  });

  return { variables, requests, fetch, calls: (path: string) => requests.filter((request) => request.path.startsWith(path)) };
}
