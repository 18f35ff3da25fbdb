import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeDataClient } from '@/testing/fake-data-client';
import { TestSuitePanel } from './test-suite-panel';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));
// The chart itself is recharts in the browser (e2e); here its points are enough.
vi.mock('./run-trend-chart', () => ({
  default: ({ points }: { points: { percent: number }[] }) => <p data-testid="trend-points">{points.map((p) => p.percent).join(',')}</p>,
}));

const assistant = { id: 'a1', assistantName: 'Shop helper' };

const testCase = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  assistantId: 'a1',
  question: `Question ${id}?`,
  followUp: null,
  expected: `fact ${id}`,
  expectRefusal: false,
  enabled: true,
  kind: 'faq',
  language: 'en',
  origin: 'store',
  source: `faq.md › Section ${id}`,
  acceptedAnswer: null,
  createdAt: `2026-12-01T09:00:0${id.slice(-1)}.000Z`,
  updatedAt: `2026-12-01T09:00:0${id.slice(-1)}.000Z`,
  ...extra,
});

const testRun = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  assistantId: 'a1',
  status: 'done',
  trigger: 'manual',
  triggerDetail: null,
  total: 3,
  completed: 3,
  passed: 2,
  failed: 1,
  regressions: 0,
  costUsd: 0,
  error: null,
  finishedAt: '2026-12-01T10:05:00.000Z',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:05:00.000Z',
  ...extra,
});

const testResult = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  runId: 'r1',
  caseId: 'c1',
  question: 'How long do I have to return an item?',
  followUp: null,
  expected: '30 days',
  answer: 'You can send items back within 14 days of delivery.',
  verdict: 'fact_missing',
  passed: false,
  regressed: false,
  detail: null,
  createdAt: '2026-12-01T10:01:00.000Z',
  updatedAt: '2026-12-01T10:01:00.000Z',
  ...extra,
});

function renderPanel({
  cases = [] as ReturnType<typeof testCase>[],
  runs = [] as ReturnType<typeof testRun>[],
  results = [] as ReturnType<typeof testResult>[],
  handlers = {} as Parameters<typeof fakeDataClient>[0],
} = {}) {
  fake.current = fakeDataClient({
    testCasesByAssistantId: () => ({ items: cases, nextToken: null }),
    testRunsByAssistantId: () => ({ items: runs }),
    testResultsByRunId: ({ runId }) => ({ items: results.filter((r) => r.runId === runId), nextToken: null }),
    ...handlers,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestSuitePanel assistant={assistant} />
    </QueryClientProvider>,
  );
  return fake.current;
}

const respond = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** REST answers by path; each call is recorded with its JSON body. */
function fakeRest(answers: Record<string, () => Response>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input).replace('/api/assistant/test-suite/', '');
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[path];
    if (!answer) throw new Error(`no fake answer for ${path}`);
    return answer();
  });
  return calls;
}

describe('the test suite panel', () => {
  it('explains a test suite before there is one and writes the questions from the store', async () => {
    renderPanel();
    const calls = fakeRest({ 'generate/': () => respond(201, { cases: [testCase('c1'), testCase('c2')], skipped: 1 }) });
    expect(await screen.findByRole('heading', { name: 'Know before going live' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate test questions' }));
    expect(await screen.findByText('Wrote 2 test questions from your store. 1 was already in the suite.')).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'generate/', body: { assistantId: 'a1' } }]);
    const list = screen.getByRole('list', { name: 'Test questions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Question c1?', 'Question c2?']);
    expect(screen.getByRole('heading', { name: 'Not run yet' })).toBeInTheDocument();
  });

  it('opens the form for a question of one’s own from the empty state, and goes back to it on cancel', async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Write your own' }));
    const form = screen.getByRole('form', { name: 'New test question' });
    expect(within(form).getByLabelText('Question')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Know before going live' })).toBeInTheDocument();
  });

  it('reads in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderPanel({
      cases: [testCase('c1')],
      runs: [testRun('r1', { trigger: 'knowledge', triggerDetail: 'faq-v2.md', regressions: 1 })],
      results: [testResult('x1', { regressed: true })],
    });
    const summary = await screen.findByRole('region', { name: 'テスト質問3件中2件に正しく回答' });
    expect(within(summary).getByText(/・faq-v2\.mdの変更後$/)).toBeInTheDocument();
    const failure = await screen.findByRole('listitem', { name: 'How long do I have to return an item?' });
    expect(within(failure).getByText('新たに不正解')).toBeInTheDocument();
    expect(within(failure).getByRole('button', { name: '正解にする：How long do I have to return an item?' })).toBeInTheDocument();
  });

  it('says why the questions could not be written', async () => {
    renderPanel();
    fakeRest({
      'generate/': () =>
        respond(400, { detail: 'This assistant has nothing to write test questions from yet. Link a store with ready files first.' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Generate test questions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Link a store with ready files first.');
  });

  it('shows the score, what started the run, and its failures; marking one right updates the list and the score', async () => {
    const client = renderPanel({
      cases: [testCase('c1'), testCase('c2'), testCase('c3')],
      runs: [testRun('r1', { trigger: 'knowledge', triggerDetail: 'faq-v2.md', regressions: 1 })],
      results: [testResult('x1', { regressed: true }), testResult('x2', { passed: true, verdict: 'fact_present', question: 'Other?' })],
    });
    const summary = await screen.findByRole('region', { name: 'Answers 2 of 3 test questions correctly' });
    expect(within(summary).getByText(/ · After changes to faq-v2\.md$/)).toBeInTheDocument();
    expect(within(summary).getByText('1 regression')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Runs with regressions' })).toHaveTextContent(/1 regression · After changes to faq-v2\.md$/);
    const failures = await screen.findByRole('list', { name: 'Failed test questions' });
    const failure = within(failures).getByRole('listitem', { name: 'How long do I have to return an item?' });
    expect(within(failure).getByText('Regression')).toBeInTheDocument();
    expect(within(failure).getByText('You can send items back within 14 days of delivery.')).toBeInTheDocument();
    expect(within(failure).getByText('30 days')).toBeInTheDocument();
    expect(within(failure).getByText('The expected fact is not in the answer')).toBeInTheDocument();
    expect(within(failures).queryByText('Other?')).toBeNull();

    const calls = fakeRest({ 'mark-right/': () => respond(200, { resultId: 'x1', passed: true }) });
    client.handlers.getTestRun = () => testRun('r1', { passed: 3, failed: 0, regressions: 0, updatedAt: '2026-12-01T10:06:00.000Z' });
    await userEvent.click(within(failure).getByRole('button', { name: 'Mark as right: How long do I have to return an item?' }));
    expect(await screen.findByText('Every test question was answered correctly.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Answers 3 of 3 test questions correctly' })).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'mark-right/', body: { resultId: 'x1' } }]);
  });

  it('starts a run and follows its progress live, then scores it', async () => {
    const client = renderPanel({ cases: [testCase('c1'), testCase('c2'), testCase('c3')], runs: [testRun('r1')], results: [] });
    const calls = fakeRest({ 'run/': () => respond(202, { runId: 'r2' }) });
    const queued = testRun('r2', {
      status: 'queued',
      completed: 0,
      passed: 0,
      failed: 0,
      finishedAt: null,
      createdAt: '2026-12-02T10:00:00.000Z',
      updatedAt: '2026-12-02T10:00:00.000Z',
    });
    client.handlers.getTestRun = () => queued;
    await userEvent.click(await screen.findByRole('button', { name: 'Run tests' }));
    const progress = await screen.findByRole('progressbar', { name: 'Test run progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Waiting to start…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run tests' })).toBeNull();
    expect(calls).toEqual([{ path: 'run/', body: { assistantId: 'a1' } }]);

    await waitFor(() => expect(client.subscribed('onUpdateTestRun')).toBe(true));
    client.emit('onUpdateTestRun', { ...queued, status: 'running', completed: 2, updatedAt: '2026-12-02T10:00:02.000Z' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '2'));
    expect(progress).toHaveAttribute('aria-valuetext', '2 of 3 asked');

    client.emit('onUpdateTestRun', {
      ...queued,
      status: 'done',
      completed: 3,
      passed: 3,
      finishedAt: '2026-12-02T10:00:03.000Z',
      updatedAt: '2026-12-02T10:00:03.000Z',
    });
    expect(await screen.findByRole('heading', { name: 'Answers 3 of 3 test questions correctly' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('trend-points')).toHaveTextContent('67,100');
  });

  it('says why a run could not start, and why the last one stopped', async () => {
    renderPanel({ cases: [testCase('c1', { enabled: false })], runs: [testRun('r1', { status: 'failed', error: 'No credit left.' })] });
    fakeRest({ 'run/': () => respond(400, { detail: 'This assistant has no test questions to run. Generate or add some first.' }) });
    expect(await screen.findByText(/stopped before it finished: No credit left\.$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run tests' }));
    expect(await screen.findByText('This assistant has no test questions to run. Generate or add some first.')).toBeInTheDocument();
  });

  it('adds a question, refusing a blank one before asking the server', async () => {
    const client = renderPanel({ cases: [testCase('c1')] });
    client.handlers.createTestCase = ({ input }) => testCase('c9', { ...(input as object), kind: 'custom', origin: 'owner' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add test question' }));
    const form = screen.getByRole('form', { name: 'New test question' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add question' }));
    expect(within(form).getByText('This field may not be blank.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Question')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Question')).toHaveFocus();
    expect(within(form).getByText(/Write the fact a right answer contains/)).toBeInTheDocument();
    expect(client.calls()).not.toContain('createTestCase');

    await userEvent.type(within(form).getByLabelText('Question'), 'Do you repair bikes?');
    await userEvent.click(within(form).getByRole('switch', { name: 'Should decline and offer a person' }));
    expect(within(form).queryByLabelText('Expected fact')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Add question' }));
    const added = await screen.findByRole('listitem', { name: 'Do you repair bikes?' });
    expect(within(added).getByText('Should decline and offer a person')).toBeInTheDocument();
    expect(within(added).getByText('Written by you')).toBeInTheDocument();
    expect(client.request.mock.calls.at(-1)?.[1]).toEqual({
      input: { assistantId: 'a1', question: 'Do you repair bikes?', followUp: null, expected: '', expectRefusal: true },
    });
    expect(screen.queryByRole('form', { name: 'New test question' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add test question' })).toHaveFocus());
  });

  it('edits a question’s expected fact, turns one off and deletes one after confirming', async () => {
    const client = renderPanel({ cases: [testCase('c1'), testCase('c2')] });
    client.handlers.updateTestCase = ({ input }) => {
      const { id, ...changes } = input as { id: string };
      return testCase(id, { ...changes, updatedAt: '2026-12-02T00:00:00.000Z' });
    };
    client.handlers.deleteTestCase = ({ input }) => ({ id: (input as { id: string }).id });
    const item = await screen.findByRole('listitem', { name: 'Question c1?' });
    await userEvent.click(within(item).getByRole('button', { name: 'Edit “Question c1?”' }));
    const form = within(item).getByRole('form', { name: 'Edit test question' });
    const expected = within(form).getByLabelText('Expected fact');
    await userEvent.clear(expected);
    await userEvent.type(expected, 'recycled paper');
    await userEvent.click(within(form).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(within(item).getByText('recycled paper')).toBeInTheDocument());
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Edit “Question c1?”' })).toHaveFocus());
    expect(client.request.mock.calls.at(-1)?.[1]).toEqual({
      input: { id: 'c1', question: 'Question c1?', followUp: null, expected: 'recycled paper', expectRefusal: false },
    });

    const toggle = within(screen.getByRole('listitem', { name: 'Question c2?' })).getByRole('switch', {
      name: 'Ask “Question c2?” in runs',
    });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(client.request.mock.calls.at(-1)?.[1]).toEqual({ input: { id: 'c2', enabled: false } });
    expect(screen.getByText('2 questions, 1 on')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete “Question c2?”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete test question?' });
    expect(client.calls()).not.toContain('deleteTestCase');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete question' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Question c2?' })).toBeNull());
  });

  it('follows cases created, changed and deleted elsewhere', async () => {
    const client = renderPanel({ cases: [testCase('c1')] });
    await screen.findByRole('listitem', { name: 'Question c1?' });
    await waitFor(() => expect(client.subscribed('onCreateTestCase')).toBe(true));
    client.emit('onCreateTestCase', testCase('c2', { question: 'From the inbox?', kind: 'conversation', origin: 'conversation' }));
    const item = await screen.findByRole('listitem', { name: 'From the inbox?' });
    expect(within(item).getByText('From a conversation')).toBeInTheDocument();
    client.emit('onDeleteTestCase', testCase('c1'));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Question c1?' })).toBeNull());
  });

  it('exports the suite as a file, and imports one, saying what was added and what was refused', async () => {
    renderPanel({ cases: [testCase('c1')] });
    const suite = { format: 'aisle.test-suite/1', cases: [{ question: 'Question c1?', expected: 'fact c1' }] };
    const calls = fakeRest({
      'export/': () => respond(200, suite),
      'import/': () => respond(201, { cases: [testCase('c7')], skipped: 1 }),
    });
    const createObjectURL = vi.fn(() => 'blob:suite');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Shop-helper-tests.json');
      expect(this.href).toBe('blob:suite');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(JSON.parse(await blob.text())).toEqual(suite);

    const input = screen.getByLabelText('Test suite file to import', { selector: 'input' });
    await userEvent.upload(input, new File(['{"cases": []}'], 'notes.json', { type: 'application/json' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.json was not imported: it is not an Aisle test suite');
    await userEvent.upload(input, new File([JSON.stringify(suite)], 'suite.json', { type: 'application/json' }));
    expect(await screen.findByText('Imported 1 test question. 1 was already in the suite.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['export/', 'import/']);
    expect(calls[1]?.body).toMatchObject({ assistantId: 'a1', suite: { format: 'aisle.test-suite/1' } });
  });

  it('says when the suite cannot be read', async () => {
    renderPanel({
      handlers: {
        testCasesByAssistantId: () => {
          throw new Error('Unauthorized');
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized');
  });
});
