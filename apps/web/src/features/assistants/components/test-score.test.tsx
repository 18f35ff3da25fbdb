import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import { TestScore } from './test-score';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => ({ user: { email: 'ann@shop.test' } }) }));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));

const run = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  assistantId: 'a1',
  status: 'done',
  trigger: 'manual',
  triggerDetail: null,
  total: 28,
  completed: 28,
  passed: 27,
  failed: 1,
  regressions: 0,
  costUsd: 0,
  error: null,
  finishedAt: '2026-12-01T10:05:00.000Z',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:05:00.000Z',
  ...extra,
});

function renderScore(runs: ReturnType<typeof run>[]) {
  fake.current = fakeDataClient({ testRunsByAssistantId: () => ({ items: runs }) });
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <dl>
        <TestScore assistantId="a1" />
      </dl>
    </QueryClientProvider>,
  );
  return { client: fake.current, container };
}

describe('the card’s test score', () => {
  it('is not there before the first run', async () => {
    const { client, container } = renderScore([]);
    await waitFor(() => expect(client.calls()).toEqual(['testRunsByAssistantId']));
    expect(container.querySelector('dd')).toBeNull();
  });

  it('shows the latest finished run’s score and regressions, and a new run’s progress live', async () => {
    const { client } = renderScore([run('r1', { regressions: 1 })]);
    expect(await screen.findByText('27 of 28 test questions right')).toBeInTheDocument();
    expect(screen.getByText('1 regression')).toBeInTheDocument();
    expect(screen.getByLabelText('Tests')).toBeInTheDocument();
    await waitFor(() => expect(client.subscribed('onCreateTestRun')).toBe(true));
    client.emit('onCreateTestRun', run('r2', { status: 'running', completed: 3, passed: 3, createdAt: '2026-12-02T10:00:00.000Z' }));
    expect(await screen.findByText('Testing… 3 of 28')).toBeInTheDocument();
    expect(screen.queryByText('1 regression')).toBeNull();
  });
});
