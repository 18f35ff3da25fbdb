import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import { fakeVariablesServer, jsonResponse, variableItem } from '@/testing/fake-variables-server';
import { templateFunctions, templateFunctionsByTemplateID } from '../testing/template-fixtures';
import { CustomTemplatesTab } from './custom-templates-tab';

const state = vi.hoisted(() => ({ client: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: state.client?.client ?? null }) }));
vi.mock('@/app/startup-data/startup-data-provider', async () => {
  const fixtures = await import('../testing/template-fixtures');
  const collections: Record<string, unknown[]> = {
    templates: [fixtures.faqTemplate, fixtures.ordersTemplate],
    assistants: [fixtures.assistant('a1', 'Shop helper')],
  };
  return { useCollection: (name: string) => ({ status: { state: 'initialised' }, items: collections[name] ?? [] }) };
});

interface Stored {
  id: string;
  name: string;
  createdAt: string;
  links: { id: string; templateFunctionId: string }[];
}

/** An in-memory data API for custom templates and their links. */
function customTemplatesBackend(initial: Stored[] = []) {
  const stored = initial.map((item) => ({ ...item, links: [...item.links] }));
  let next = 1;
  const allFunctions = Object.values(templateFunctions).flat();
  const find = (id: unknown) => stored.find((item) => item.id === id);
  return fakeDataClient({
    templateFunctionsByTemplateID,
    listCustomUserTemplates: () => ({
      items: stored.map((item) => ({
        ...item,
        templateFunctions: {
          items: item.links.map((link) => ({ ...link, templateFunction: allFunctions.find((fn) => fn.id === link.templateFunctionId) })),
        },
      })),
      nextToken: null,
    }),
    createCustomUserTemplate: ({ input }) => {
      const item = { id: `cut-${next++}`, name: (input as { name: string }).name, createdAt: `2026-11-0${next}T00:00:00.000Z`, links: [] };
      stored.push(item);
      return item;
    },
    updateCustomUserTemplate: ({ input }) =>
      Object.assign(find((input as { id: string }).id) ?? {}, { name: (input as { name: string }).name }),
    deleteCustomUserTemplate: ({ input }) => {
      stored.splice(stored.indexOf(find((input as { id: string }).id) as Stored), 1);
      return { id: (input as { id: string }).id };
    },
    createUserTemplateFunctions: ({ input }) => {
      const { customUserTemplateId, templateFunctionId } = input as { customUserTemplateId: string; templateFunctionId: string };
      const link = { id: `link-${next++}`, templateFunctionId };
      find(customUserTemplateId)?.links.push(link);
      return link;
    },
    deleteUserTemplateFunctions: ({ input }) => {
      for (const item of stored) item.links = item.links.filter((link) => link.id !== (input as { id: string }).id);
      return { id: (input as { id: string }).id };
    },
  });
}

function renderTab(initial: Stored[] = []) {
  state.client = customTemplatesBackend(initial);
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CustomTemplatesTab />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return state.client;
}

const ordersAndFaq: Stored = {
  id: 'cut-9',
  name: 'Orders and FAQ',
  createdAt: '2026-10-01T00:00:00.000Z',
  links: [
    { id: 'link-a', templateFunctionId: 'fn-track' },
    { id: 'link-b', templateFunctionId: 'fn-faq' },
  ],
};

describe('my templates', () => {
  it('shows an empty state', async () => {
    fakeVariablesServer([]);
    renderTab();
    expect(await screen.findByRole('region', { name: 'No custom templates yet' })).toBeInTheDocument();
  });

  it('creates a custom template from functions of several templates, one link per pick', async () => {
    fakeVariablesServer([variableItem('SHOP_DOMAIN', 'demo.shop')]);
    const client = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'New custom template' }));
    const form = await screen.findByRole('form', { name: 'New custom template' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create template' }));
    expect(within(form).getByText('This field may not be blank.')).toBeInTheDocument();
    expect(within(form).getByText('Pick at least one function.')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('Name'), 'Orders and FAQ');
    expect(within(within(form).getByRole('group', { name: 'Order status lookup' })).getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'get_order_status' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'search_faq' }));
    const needs = within(form).getByRole('region', { name: 'Variables it needs' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['SHOP_DOMAIN: set', 'ORDERS_API_TOKEN: needed', 'FAQ_URL: needed']);
    await userEvent.click(within(form).getByRole('button', { name: 'Create template' }));

    const card = await screen.findByRole('listitem', { name: 'Orders and FAQ' });
    expect(within(card).getByText('2 functions')).toBeInTheDocument();
    expect(client.request.mock.calls.filter(([query]) => query.includes('createUserTemplateFunctions(')).map(([, vars]) => vars)).toEqual([
      { input: { customUserTemplateId: 'cut-1', templateFunctionId: 'fn-status' } },
      { input: { customUserTemplateId: 'cut-1', templateFunctionId: 'fn-faq' } },
    ]);
  });

  it('shows only the variables its functions read, and edits the picks link by link', async () => {
    fakeVariablesServer([variableItem('FAQ_URL', 'https://demo.shop/faq')]);
    const client = renderTab([ordersAndFaq]);
    const card = await screen.findByRole('listitem', { name: 'Orders and FAQ' });
    // get_tracking_link reads SHOP_DOMAIN only: the orders template's token is not needed.
    expect(await within(card).findByRole('listitem', { name: 'FAQ_URL: set' })).toBeInTheDocument();
    expect(within(card).getByRole('listitem', { name: 'SHOP_DOMAIN: needed' })).toBeInTheDocument();
    expect(within(card).queryByRole('listitem', { name: /ORDERS_API_TOKEN/ })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Edit Orders and FAQ' }));
    const form = await screen.findByRole('form', { name: 'Edit custom template' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Orders and FAQ');
    expect(await within(form).findByRole('checkbox', { name: 'get_tracking_link' })).toBeChecked();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'search_faq' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'get_order_status' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(client.calls().filter((name) => name.endsWith('UserTemplateFunctions'))).toEqual([
      'createUserTemplateFunctions',
      'deleteUserTemplateFunctions',
    ]);
    expect(client.calls()).not.toContain('updateCustomUserTemplate');
    expect(await within(screen.getByRole('listitem', { name: 'Orders and FAQ' })).findByText('get_order_status')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Orders and FAQ' })).queryByText('search_faq')).not.toBeInTheDocument();
  });

  it('deletes only after confirming', async () => {
    fakeVariablesServer([]);
    const client = renderTab([ordersAndFaq]);
    const card = await screen.findByRole('listitem', { name: 'Orders and FAQ' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Orders and FAQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete custom template?' });
    expect(client.calls()).not.toContain('deleteCustomUserTemplate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByRole('region', { name: 'No custom templates yet' })).toBeInTheDocument();
    expect(client.request.mock.calls.find(([query]) => query.includes('deleteCustomUserTemplate('))?.[1]).toEqual({
      input: { id: 'cut-9' },
    });
  });

  it('adds a custom template to an assistant', async () => {
    const server = fakeVariablesServer([variableItem('FAQ_URL', 'x'), variableItem('SHOP_DOMAIN', 'demo.shop')], {
      routes: [({ path }) => (path === '/api/assistant/custom-user-template-add/' ? jsonResponse(201, { id: 'l' }) : undefined)],
    });
    renderTab([ordersAndFaq]);
    const card = await screen.findByRole('listitem', { name: 'Orders and FAQ' });
    await userEvent.click(within(card).getByRole('button', { name: 'Add to assistant' }));
    const form = await screen.findByRole('form', { name: 'Add Orders and FAQ to an assistant' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add to assistant' }));
    await waitFor(() =>
      expect(server.calls('/api/assistant/')).toEqual([
        { method: 'POST', path: '/api/assistant/custom-user-template-add/', body: { assistantId: 'a1', customUserTemplateId: 'cut-9' } },
      ]),
    );
  });
});
