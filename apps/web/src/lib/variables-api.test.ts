import { describe, expect, it } from 'vitest';
import { fakeVariablesServer, variableItem } from '@/testing/fake-variables-server';
import { listAllVariables } from './variables-api';

describe('listing variables', () => {
  it('follows `next` until it is null, with the token, and keeps the server’s order', async () => {
    const server = fakeVariablesServer(
      Array.from({ length: 5 }, (_, index) => variableItem(`V${index}`, `value-${index}`)),
      { pageSize: 2 },
    );
    const items = await listAllVariables('T');
    expect(items.map((item) => item.name)).toEqual(['V0', 'V1', 'V2', 'V3', 'V4']);
    expect(server.requests.map((request) => request.path)).toEqual([
      '/api/variables/?page=1',
      '/api/variables/?page=2',
      '/api/variables/?page=3',
    ]);
    const init = server.fetch.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer T');
  });
});
