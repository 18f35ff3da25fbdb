import type { FunctionItem } from '@aisle/contracts/functions';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import type { fakeDataClient } from '@/testing/fake-data-client';
import { fakeRest, fnItem, functionsDataClient, Providers, sentBody } from '../testing/functions-fixtures';
import { FunctionView } from './function-view';

const data = vi.hoisted(() => ({
  current: null as ReturnType<typeof fakeDataClient> | null,
  auth: {
    user: { email: 'ann@shop.test' },
    isAuthenticated: true,
    loading: false,
    logout: () => {},
    sessionStore: { getValidAccessToken: async () => 'T' },
  },
}));
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => data.auth }));
vi.mock('@/app/data-client/app-sync-provider', () => ({
  useAppSync: () => ({ client: data.current?.client ?? null, loading: false }),
}));
vi.mock('@/hooks/use-variables', () => ({ useVariables: () => ({ data: [], isPending: false }) }));
vi.mock('./code-mirror-editor', async () => ({ default: (await import('../testing/functions-fixtures')).EditorStandIn }));

const definition = {
  type: 'function',
  function: {
    name: 'get_order_status',
    description: 'Looks up an order.',
    parameters: { type: 'object', properties: { orderNumber: { type: 'string' }, notify: { type: 'boolean', default: true } } },
  },
};

type Updates = Record<string, unknown>[];

function renderView(fn: FunctionItem) {
  const updates: Updates = [];
  data.current = functionsDataClient([fn], {
    updateFunction: ({ input }) => {
      updates.push(input as Record<string, unknown>);
      return {
        ...fn,
        ...(input as object),
        status: 'ready',
        functionAssistantDefinition: (input as Updates[number]).functionAssistantDefinition,
      };
    },
  });
  const onClose = vi.fn();
  render(
    <Providers>
      <FunctionView id={fn.id} onClose={onClose} />
    </Providers>,
  );
  return { updates, onClose };
}

/** Replaces an editor's text (the stand-in is a textarea; JSON braces would be keys to user-event). */
const setText = (editor: HTMLElement, text: string) => fireEvent.change(editor, { target: { value: text } });

const runResponse = (fn: FunctionItem, extra: Record<string, unknown>) => ({
  ok: true,
  logs: [],
  durationMs: 12,
  taskId: 'task-1',
  function: fn,
  ...extra,
});

describe('editing a function', () => {
  it('shows its code, definition, status, log and the hosts it calls', async () => {
    const fn = fnItem({
      status: 'invalid',
      log: 'SyntaxError: Unexpected token (1:10)',
      thirdPartyServices: ['api.shop.test'],
      functionAssistantDefinition: JSON.stringify(definition),
    });
    renderView(fn);
    expect(await screen.findByRole('textbox', { name: 'Code' })).toHaveValue(fn.code);
    expect(JSON.parse((screen.getByRole('textbox', { name: 'Tool definition' }) as HTMLTextAreaElement).value)).toEqual(definition);
    expect(screen.getByText('Code has errors')).toBeInTheDocument();
    expect(screen.getByText('SyntaxError: Unexpected token (1:10)')).toBeInTheDocument();
    expect(screen.getByText('Calls:').parentElement).toHaveTextContent('Calls:api.shop.test');
    expect(screen.getByRole('button', { name: 'Fix' })).toBeEnabled();
  });

  it('saves only when something changed, with Ctrl+S too, sending JSON text for the JSON fields', async () => {
    const { updates } = renderView(fnItem({ variables: ['SHOP_TOKEN'], functionAssistantDefinition: definition }));
    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    setText(code, 'export default async () => 1;');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });

    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ code: 'export default async () => 1;', variables: '["SHOP_TOKEN"]', returnType: 'object' });
    expect(JSON.parse(updates[0]?.functionAssistantDefinition as string)).toEqual(definition);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says where the definition stops being JSON, and will not save it', async () => {
    renderView(fnItem({ functionAssistantDefinition: definition }));
    const editor = await screen.findByRole('textbox', { name: 'Tool definition' });
    setText(editor, '{"type": "function",');
    expect(editor).toHaveAccessibleDescription(expect.stringMatching(/^Not valid JSON: /));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    setText(editor, '["not", "an object"]');
    expect(editor).toHaveAccessibleDescription('The tool definition must be a JSON object.');
    setText(editor, '{}');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('explains every rule the code breaks', async () => {
    renderView(
      fnItem({
        status: 'violating',
        isViolatingRules: true,
        violatingBecause: 'It reads process.env.\nIt calls eval.',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['It reads process.env.', 'It calls eval.']);
    expect(alert).toHaveTextContent('It cannot be linked to an assistant or run until the code is fixed.');
  });

  it('asks before Initialize replaces code, then shows what the server wrote', async () => {
    const fn = fnItem();
    renderView(fn);
    const fetch = fakeRest({
      '/api/functions/initialize/': () => [
        200,
        { ...fn, code: 'export default async (args) => args;', functionAssistantDefinition: definition },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Initialize' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace the code?' });
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace code' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('export default async (args) => args;'));
    expect(sentBody(fetch, '/api/functions/initialize/')).toEqual({ id: fn.id });
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('shows a proposed fix with its explanation, and saves it when applied', async () => {
    const fn = fnItem({ status: 'failed', log: 'TypeError: x is undefined' });
    const { updates } = renderView(fn);
    fakeRest({
      '/api/functions/fix/': () => [200, { code: 'export default async () => ({ fixed: true });', explanation: 'x was never set.' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Fix' }));
    const proposal = await screen.findByRole('region', { name: 'Proposed fix' });
    expect(proposal).toHaveTextContent('x was never set.');
    expect(proposal).toHaveTextContent('export default async () => ({ fixed: true });');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue(fn.code);

    await userEvent.click(within(proposal).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Proposed fix' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('export default async () => ({ fixed: true });');
    expect(updates.at(-1)).toMatchObject({ id: fn.id, code: 'export default async () => ({ fixed: true });' });
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('offers Fix only for code with errors or a failed run', async () => {
    renderView(fnItem({ status: 'ready' }));
    expect(await screen.findByRole('button', { name: 'Fix' })).toBeDisabled();
  });

  it('deletes only after confirming', async () => {
    const fn = fnItem();
    const { onClose } = renderView(fn);
    const fetch = fakeRest({ '/api/functions/delete/': () => [200, { id: fn.id }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete function' }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${fn.name}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetch, '/api/functions/delete/')).toEqual({ id: fn.id });
  });
});

describe('test runs', () => {
  it('prefills the arguments from the definition and shows the result, logs and duration', async () => {
    const fn = fnItem({ functionAssistantDefinition: JSON.stringify(definition) });
    renderView(fn);
    const args = await screen.findByRole('textbox', { name: 'Test arguments' });
    expect(JSON.parse((args as HTMLTextAreaElement).value)).toEqual({ orderNumber: '', notify: true });
    const fetch = fakeRest({
      '/api/functions/run/': () => [200, runResponse(fn, { result: { status: 'shipped' }, logs: ['[log] looking up 1001', '[log] done'] })],
    });
    setText(args, '{"orderNumber": "1001"}');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));

    const result = screen.getByRole('region', { name: 'Run result' });
    await waitFor(() => expect(result).toHaveTextContent('Succeeded'));
    expect(result).toHaveTextContent('"status": "shipped"');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['[log] looking up 1001', '[log] done']);
    expect(result).toHaveTextContent('12 ms');
    expect(sentBody(fetch, '/api/functions/run/')).toEqual({ id: fn.id, args: { orderNumber: '1001' } });
  });

  it('shows a failed run’s error, and the status it left', async () => {
    const fn = fnItem();
    renderView(fn);
    const failed = { ...fn, status: 'failed', log: 'TypeError: boom' };
    fakeRest({
      '/api/functions/run/': () => [200, runResponse(failed, { ok: false, error: { code: 'runtime_error', message: 'TypeError: boom' } })],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Run' }));
    const result = screen.getByRole('region', { name: 'Run result' });
    await waitFor(() => expect(result).toHaveTextContent('Failed'));
    expect(result).toHaveTextContent('runtime_error');
    expect(within(result).getByText('TypeError: boom')).toBeInTheDocument();
    expect(screen.getByText('Last run failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fix' })).toBeEnabled();
  });

  it('puts argument errors from the server under the arguments', async () => {
    renderView(fnItem());
    fakeRest({ '/api/functions/run/': () => [400, { args: ["'orderNumber' is a required property"] }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Run' }));
    const args = screen.getByRole('textbox', { name: 'Test arguments' });
    await waitFor(() => expect(args).toHaveAccessibleDescription("'orderNumber' is a required property"));
  });

  it('refuses arguments that are not a JSON object before asking the server', async () => {
    renderView(fnItem());
    const fetch = fakeRest({});
    const args = await screen.findByRole('textbox', { name: 'Test arguments' });
    setText(args, '[1, 2]');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(args).toHaveAccessibleDescription('Test arguments must be a JSON object, like {"orderNumber": "1001"}.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says why a function cannot run', async () => {
    renderView(fnItem());
    fakeRest({ '/api/functions/run/': () => [400, { detail: 'This function breaks the sandbox rules and cannot run.' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Run' }));
    const result = screen.getByRole('region', { name: 'Run result' });
    await waitFor(() => expect(result).toHaveTextContent('This function breaks the sandbox rules and cannot run.'));
  });

  it('saves unsaved code before running it', async () => {
    const fn = fnItem();
    const { updates } = renderView(fn);
    const fetch = fakeRest({ '/api/functions/run/': () => [200, runResponse(fn, { result: 1 })] });
    setText(await screen.findByRole('textbox', { name: 'Code' }), 'export default async () => 1;');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Run result' })).toHaveTextContent('Succeeded'));
    expect(updates).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the function view in other languages', () => {
  it('speaks Japanese: status, actions, editors, checks and the run’s duration', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const fn = fnItem({
      status: 'invalid',
      thirdPartyServices: ['api.shop.test'],
      functionAssistantDefinition: JSON.stringify(definition),
    });
    renderView(fn);
    expect(await screen.findByRole('textbox', { name: 'コード' })).toHaveValue(fn.code);
    expect(screen.getByText('コードにエラーあり')).toBeInTheDocument();
    const signature = screen.getByText('export default async (args, variables) => …');
    expect(signature.tagName).toBe('CODE');
    expect(signature.parentElement).toHaveTextContent(/^JSONを返すexport default async \(args, variables\) => …の形で書きます。/);
    expect(screen.getByText('呼び出し先：').parentElement).toHaveTextContent('呼び出し先：api.shop.test');
    expect(screen.getByRole('button', { name: '初期化' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '修正' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: '戻り値の型' })).toHaveDisplayValue('オブジェクト（object）');

    const tool = screen.getByRole('textbox', { name: 'ツール定義' });
    setText(tool, '["not", "an object"]');
    expect(tool).toHaveAccessibleDescription('ツール定義はJSONオブジェクトにしてください。');
    setText(tool, JSON.stringify(definition));
    expect(screen.getByText('未保存の変更')).toBeInTheDocument();

    fakeRest({ '/api/functions/run/': () => [200, runResponse(fn, { result: { status: 'shipped' }, durationMs: 1500 })] });
    await userEvent.click(screen.getByRole('button', { name: '実行' }));
    const result = screen.getByRole('region', { name: '実行結果' });
    await waitFor(() => expect(result).toHaveTextContent('成功'));
    expect(result).toHaveTextContent('所要時間：1.5秒');
    expect(result).toHaveTextContent('ログは出力されませんでした。');
  });

  it('speaks Thai: a failed run, its status and the delete confirmation', async () => {
    await act(() => i18n.changeLanguage('th'));
    const fn = fnItem();
    renderView(fn);
    const failed = { ...fn, status: 'failed', log: 'TypeError: boom' };
    fakeRest({
      '/api/functions/run/': () => [
        200,
        runResponse(failed, { ok: false, durationMs: 12, error: { code: 'runtime_error', message: 'TypeError: boom' } }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'ทดสอบการทำงาน' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'เรียกใช้' }));
    const result = screen.getByRole('region', { name: 'ผลการเรียกใช้' });
    await waitFor(() => expect(result).toHaveTextContent('ไม่สำเร็จ'));
    expect(result).toHaveTextContent('12 มิลลิวินาที');
    expect(screen.getByText('เรียกใช้ครั้งล่าสุดไม่สำเร็จ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'แก้ข้อผิดพลาด' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'ลบฟังก์ชัน' }));
    const dialog = screen.getByRole('dialog', { name: `ลบ ${fn.name} หรือไม่` });
    expect(dialog).toHaveTextContent('ผู้ช่วยที่ใช้ฟังก์ชันนี้จะเรียกใช้ไม่ได้อีก');
    expect(within(dialog).getByRole('button', { name: 'ลบ' })).toBeInTheDocument();
  });
});
