import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { readAgainAfterConnecting } from './read-again';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('lists read again when the live connection comes up', () => {
  const clients: QueryClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.clear();
  });

  /** A list on screen (an observer keeps it active), counting its reads. */
  async function list(client: QueryClient, key: string) {
    const reads = { count: 0 };
    const observer = new QueryObserver(client, {
      queryKey: [key],
      queryFn: async () => {
        reads.count++;
        return [`${key} ${reads.count}`];
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    observer.subscribe(() => {});
    await settle();
    return reads;
  }

  it('at the first connection, reads again the lists read before it, and not those read after', async () => {
    const client = new QueryClient();
    clients.push(client);
    const notifications = await list(client, 'notifications');
    expect(notifications.count).toBe(1);
    await settle();
    readAgainAfterConnecting(client, false);
    const assistants = await list(client, 'assistants');
    await settle();
    expect(notifications.count).toBe(2);
    expect(assistants.count).toBe(1);
    expect(client.getQueryData(['notifications'])).toEqual(['notifications 2']);
  });

  it('after the connection was lost, reads every list on screen again', async () => {
    const client = new QueryClient();
    clients.push(client);
    const notifications = await list(client, 'notifications');
    readAgainAfterConnecting(client, false);
    await settle();
    const stores = await list(client, 'stores');
    readAgainAfterConnecting(client, true);
    await settle();
    expect(notifications.count).toBe(3);
    expect(stores.count).toBe(2);
  });
});
