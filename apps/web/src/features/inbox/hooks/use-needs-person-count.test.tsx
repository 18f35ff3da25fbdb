import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import { useNeedsPersonCount } from './use-needs-person-count';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => ({ user: { email: 'ann@shop.test' } }) }));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));

describe('the count of conversations that need a person', () => {
  it('loads the waiting threads, then follows threads handed over and answered, live', async () => {
    fake.current = fakeDataClient({ listSharedThreads: () => ({ items: [{ id: 'a' }, { id: 'b' }], nextToken: null }) });
    const client = fake.current;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useNeedsPersonCount(), { wrapper });

    await waitFor(() => expect(result.current).toBe(2));
    expect(client.request.mock.calls[0]?.[1]).toMatchObject({ filter: { needsHuman: { eq: true } } });
    await waitFor(() => expect(client.subscribed('onUpdateSharedThread')).toBe(true));

    act(() => client.emit('onUpdateSharedThread', { id: 'c', needsHuman: true }));
    await waitFor(() => expect(result.current).toBe(3));
    // The same thread again, and an unrelated change to a waiting one, count once.
    act(() => client.emit('onUpdateSharedThread', { id: 'c', needsHuman: true }));
    act(() => client.emit('onUpdateSharedThread', { id: 'a', needsHuman: false }));
    await waitFor(() => expect(result.current).toBe(2));
    act(() => client.emit('onUpdateSharedThread', { id: 'z', needsHuman: false }));
    expect(result.current).toBe(2);
  });
});
