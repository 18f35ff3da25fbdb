import type { ModelOption } from '@aisle/contracts/models';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { emptyForm } from '../assistant-form';
import { AssistantEditor, type EditorProps } from './assistant-editor';

const models: ModelOption[] = [
  {
    id: 'local:extractive',
    provider: 'local',
    name: 'Built-in',
    pricing: { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0, asOf: '2026-01-01', priced: true },
    default: true,
  },
];

function renderEditor(onSave: EditorProps['onSave']) {
  render(
    <AssistantEditor
      open
      onOpenChange={() => {}}
      assistant={null}
      initial={emptyForm('local:extractive')}
      models={models}
      modelsLoading={false}
      options={{ store: [], function: [], template: [] }}
      onSave={onSave}
    />,
  );
  return screen.getByRole('dialog');
}

const CHECK = 'Check the highlighted fields.';

describe('the assistant editor form', () => {
  it('clears a field’s error as it changes, and the summary with the last one', async () => {
    const onSave = vi.fn();
    const sheet = renderEditor(onSave);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Create assistant' }));
    expect(within(sheet).getByText(CHECK)).toBeInTheDocument();
    await waitFor(() => expect(within(sheet).getByLabelText('Name')).toHaveFocus());
    await userEvent.type(within(sheet).getByLabelText('Name'), 'H');
    expect(within(sheet).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(within(sheet).queryByText('This field may not be blank.')).toBeNull();
    expect(within(sheet).queryByText(CHECK)).toBeNull();
  });

  it('puts a blank question’s error on its row and a retrieval error on its input', async () => {
    const onSave = vi.fn();
    const sheet = renderEditor(onSave);
    await userEvent.type(within(sheet).getByLabelText('Name'), 'Helper');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add question' }));
    await userEvent.type(within(sheet).getByLabelText('Example answer 1'), 'Yes.');
    const passages = within(sheet).getByLabelText('Passages per turn');
    await userEvent.clear(passages);
    await userEvent.type(passages, '0');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Create assistant' }));
    expect(within(sheet).getByLabelText('Question 1')).toHaveAttribute('aria-invalid', 'true');
    expect(passages).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(passages);
    await userEvent.type(passages, '3');
    expect(passages).not.toHaveAttribute('aria-invalid');
    expect(within(sheet).getByLabelText('Question 1')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the typed numbers and the safeguard rule, busy while saving; a failure without fields shows its message until the next try', async () => {
    let finish: (value?: unknown) => void = () => {};
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(500, { detail: 'Server down.' }))
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const sheet = renderEditor(onSave);
    await userEvent.type(within(sheet).getByLabelText('Name'), 'Helper');
    const passages = within(sheet).getByLabelText('Passages per turn');
    await userEvent.clear(passages);
    await userEvent.type(passages, '12');
    await userEvent.click(within(sheet).getByRole('switch', { name: /Safeguard/ }));
    await userEvent.type(within(sheet).getByLabelText('Safeguard instruction'), 'No discounts.');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Create assistant' }));
    const [values, body] = onSave.mock.calls[0] ?? [];
    expect(body).toMatchObject({
      assistantName: 'Helper',
      isSafeGuardOn: true,
      safeGuardInstruction: 'No discounts.',
      storeRetrievalSettings: { passagesPerTurn: 12, minimumScore: 0 },
    });
    expect(values).toMatchObject({ assistantName: 'Helper', passagesPerTurn: 12, minimumScore: 0, isSafeGuardOn: true });
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Internal server error. Please try again later.');
    const button = within(sheet).getByRole('button', { name: 'Create assistant' });
    await userEvent.click(button);
    expect(within(sheet).queryByRole('alert')).toBeNull();
    expect(button).toBeDisabled();
    finish();
    await waitFor(() => expect(button).toBeEnabled());
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('takes the default model once the models arrive, and keeps the safeguard rule while the switch is off', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const props: EditorProps = {
      open: true,
      onOpenChange: () => {},
      assistant: null,
      initial: emptyForm(''),
      models: [],
      modelsLoading: true,
      options: { store: [], function: [], template: [] },
      onSave,
    };
    const { rerender } = render(<AssistantEditor {...props} />);
    rerender(<AssistantEditor {...props} initial={emptyForm('local:extractive')} models={models} modelsLoading={false} />);
    const sheet = screen.getByRole('dialog');
    await userEvent.type(within(sheet).getByLabelText('Name'), 'Helper');
    const safeguard = within(sheet).getByRole('switch', { name: /Safeguard/ });
    await userEvent.click(safeguard);
    await userEvent.type(within(sheet).getByLabelText('Safeguard instruction'), 'Be kind.');
    await userEvent.click(safeguard);
    await userEvent.click(safeguard);
    expect(within(sheet).getByLabelText('Safeguard instruction')).toHaveValue('Be kind.');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Create assistant' }));
    expect(onSave.mock.calls[0]?.[1]).toMatchObject({ model: 'local:extractive', safeGuardInstruction: 'Be kind.' });
  });
});
