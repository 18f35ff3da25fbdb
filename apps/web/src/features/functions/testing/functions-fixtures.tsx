import type { FunctionItem } from '@aisle/contracts/functions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { StartupDataProvider } from '@/app/startup-data/startup-data-provider';
import { fakeDataClient } from '@/testing/fake-data-client';
import type { CodeEditorProps } from '../components/code-editor-props';

/*
 * Test doubles for the functions feature. Each test file still mocks auth (signed in as OWNER), the
 * data client and the editor module itself: vi.mock is hoisted per file.
 */

export const OWNER = 'ann@shop.test';

let counter = 0;
export const functionId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

export const fnItem = (overrides: Partial<FunctionItem> = {}): FunctionItem => ({
  id: functionId(),
  ownerEmail: OWNER,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  status: 'ready',
  log: null,
  name: 'get_order_status',
  fileName: null,
  code: 'export default async (args) => ({ status: "shipped" });',
  description: 'Looks up an order.',
  thirdPartyServices: [],
  isViolatingRules: false,
  violatingBecause: null,
  functionAssistantDefinition: null,
  variables: '[]',
  returnType: 'object',
  ...overrides,
});

/** The list of the start-up collection, as the data API sends it: no code. */
const listed = (fn: FunctionItem) => {
  const { code: _code, ...rest } = fn;
  return rest;
};

/** A data client answering the seven start-up lists (functions from `functions`) and getFunction. */
export function functionsDataClient(functions: FunctionItem[], handlers: Parameters<typeof fakeDataClient>[0] = {}) {
  const none = () => ({ items: [], nextToken: null });
  return fakeDataClient({
    listAnnouncements: none,
    listNotifications: none,
    listStores: none,
    listAssistants: none,
    listTemplates: none,
    listWizards: none,
    listFunctions: () => ({ items: functions.map(listed), nextToken: null }),
    getFunction: ({ id }) => functions.find((fn) => fn.id === id) ?? null,
    ...handlers,
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <StartupDataProvider>{children}</StartupDataProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** A plain textarea in CodeMirror's place: same value in, same text out, same accessible name. */
export function EditorStandIn({ value, onChange, label, describedBy, invalid, readOnly }: CodeEditorProps) {
  return (
    <textarea
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      readOnly={readOnly}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

type RestAnswer = [status: number, body?: unknown];

/**
 * `fetch` answering the REST calls by path; each route gets the parsed body. Returns the spy, whose
 * calls say what was sent.
 */
export function fakeRest(routes: Record<string, (body: Record<string, unknown>) => RestAnswer | Promise<RestAnswer>>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const route = routes[path];
    if (!route) throw new Error(`no fake answer for ${path}`);
    const [status, body] = await route(JSON.parse(String(init?.body ?? '{}')));
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

/** The JSON body a REST call was sent with. */
export const sentBody = (spy: ReturnType<typeof fakeRest>, path: string) =>
  JSON.parse(String(spy.mock.calls.find(([input]) => String(input) === path)?.[1]?.body ?? 'null'));
