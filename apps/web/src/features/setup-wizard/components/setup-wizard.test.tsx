import { type DocumentNode, print } from '@0no-co/graphql.web';
import { limitReachedMessage } from '@aisle/contracts/billing';
import { WIZARD_FLAGS } from '@aisle/contracts/setup-wizard';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WizardRecord } from '../wizard-record';
import { SetupWizard } from './setup-wizard';

const request = vi.fn();
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'owner@ann.myshopify.com' }, sessionStore: { getValidAccessToken: async () => 'token' } }),
}));
// The stub sees each operation as the text that goes to the server.
vi.mock('@/app/data-client/app-sync-provider', () => ({
  useAppSync: () => ({ client: { request: (document: DocumentNode, variables: unknown) => request(print(document), variables) } }),
}));

const record = (done: number, extra: Partial<WizardRecord> = {}): WizardRecord => ({
  id: 'w1',
  ownerEmail: 'owner@ann.myshopify.com',
  currentStep: 'NOT_STARTED',
  status: 'Working...',
  completed: false,
  ...Object.fromEntries(WIZARD_FLAGS.map((flag, index) => [flag, index < done])),
  ...extra,
});

describe('setup wizard screen (spec §2, §8)', () => {
  beforeEach(() => request.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('offers to start or skip, then shows "Initializing wizard setup..." until the record exists', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response('{"wizardId":"w1","shop":"s","started":true}', { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<SetupWizard record={undefined} onSkip={() => {}} />);
    expect(screen.getByRole('button', { name: 'Skip for Now' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Start Setup Wizard' }));
    await screen.findByText('Initializing wizard setup...');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/wizard/start-process/');
  });

  it('says which limit refused the start when the tier’s wizard runs are used up', async () => {
    const detail = limitReachedMessage({ limit: 'wizardRuns', max: 3, tierName: 'Basic', topTier: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail, code: 'limit_reached', limit: 'wizardRuns' }), { status: 403 })),
    );
    render(<SetupWizard record={undefined} onSkip={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Setup Wizard' }));
    await screen.findByText('Setup Failed');
    expect(screen.getByRole('alert').textContent).toBe(detail);
  });

  it('shows "Setup Failed" when the start call answers anything but 200 or 201', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 202 })),
    );
    const onSkip = vi.fn();
    render(<SetupWizard record={undefined} onSkip={onSkip} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Setup Wizard' }));
    await screen.findByText('Setup Failed');
    screen.getByText(
      'We encountered an issue starting the automatic assistant creation. You can skip this wizard and set up your assistant manually later.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    // Skip with no record: one is created, already completed (spec §4).
    await userEvent.click(screen.getByRole('button', { name: 'Skip Wizard' }));
    expect(request.mock.calls[0]?.[0]).toContain('createWizard(');
    expect(request.mock.calls[0]?.[1]).toEqual({
      input: { ownerEmail: 'owner@ann.myshopify.com', currentStep: 'NOT_STARTED', completed: true },
    });
    expect(onSkip).toHaveBeenCalled();
  });

  it('shows the percentage of 10, the checklist in order with the processing row and Complete badges', () => {
    // Pages, blogs, products, theme colours done: 3 of the 10 checklist items (products is not one).
    render(<SetupWizard record={record(4, { status: 'Creating your knowledge store...' })} onSkip={() => {}} />);
    expect(screen.getByTestId('wizard-percentage')).toHaveTextContent('30%');
    screen.getByText('Creating your knowledge store...');
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.replace(/Complete|Processing\.\.\./, '').trim())).toEqual([
      'Pages Retrieved',
      'Blogs Retrieved',
      'Theme Colors Retrieved',
      'Vector Store Created',
      'Files Uploaded',
      'Assistant Created',
      'Vector Store Linked',
      'Template Linked',
      'Shared Assistant Created',
      'Shopify Configuration Updated',
    ]);
    expect(rows.map((row) => row.dataset.state)).toEqual(['complete', 'complete', 'complete', 'processing', ...Array(6).fill('waiting')]);
    expect(screen.getAllByText('Complete')).toHaveLength(3);
  });

  it('shows "Setup Incomplete" with "Skip Wizard" when the run failed, and skips by completing the record', async () => {
    const onSkip = vi.fn();
    render(<SetupWizard record={record(2, { status: 'Failed', log: 'Could not retrieve the store’s products: …' })} onSkip={onSkip} />);
    screen.getByText('Setup Incomplete');
    screen.getByText(
      "The automatic assistant creation process encountered errors and couldn't complete. You can skip the wizard and set up your assistant manually from the dashboard.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Skip Wizard' }));
    expect(request.mock.calls[0]?.[0]).toContain('updateWizard(');
    expect(request.mock.calls[0]?.[1]).toEqual({ input: { id: 'w1', completed: true } });
    expect(onSkip).toHaveBeenCalled();
  });

  it('renders nothing once completed', () => {
    const { container } = render(<SetupWizard record={record(11, { completed: true })} onSkip={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
