import type { ModelOption } from '@aisle/contracts/models';
import { render, screen, within } from '@testing-library/react';
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
  {
    id: 'openai:gpt-4o-mini',
    provider: 'openai',
    name: 'GPT-4o mini',
    pricing: { inputPerMillion: 0.15, outputPerMillion: 0.6, cachedInputPerMillion: 0.075, asOf: '2026-01-01', priced: true },
    default: false,
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
      options={{ store: [{ id: 's1', name: 'Help center' }], function: [], template: [] }}
      onSave={onSave}
    />,
  );
  return screen.getByRole('dialog');
}

describe('the assistant editor', () => {
  it('refuses a blank name without calling the server', async () => {
    const onSave = vi.fn();
    const sheet = renderEditor(onSave);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Create assistant' }));
    expect(within(sheet).getByText('This field may not be blank.')).toBeInTheDocument();
    expect(within(sheet).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the name, model, questions, chosen store and handoff pause; prices read per million tokens', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const sheet = renderEditor(onSave);
    expect(within(sheet).getByText('Free')).toBeInTheDocument();
    expect(within(sheet).getByText('$0.15 in · $0.60 out / 1M tokens')).toBeInTheDocument();
    expect(within(sheet).getByText('No functions yet. Functions you add will show here.')).toBeInTheDocument();

    await userEvent.type(within(sheet).getByLabelText('Name'), 'Shop helper');
    await userEvent.click(within(sheet).getByRole('radio', { name: 'GPT-4o mini' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add question' }));
    await userEvent.type(within(sheet).getByLabelText('Question 1'), 'Shipping time?');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add question' }));
    await userEvent.type(within(sheet).getByLabelText('Question 2'), 'Returns?');
    await userEvent.type(within(sheet).getByLabelText('Example answer 2'), 'Within 30 days.');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Remove question 1' }));
    await userEvent.click(within(sheet).getByLabelText('Link Help center'));
    const pause = within(sheet).getByRole('switch', { name: /Pause auto-reply when a person is needed/ });
    expect(pause).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(pause);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Create assistant' }));

    expect(onSave).toHaveBeenCalledOnce();
    const [values, body] = onSave.mock.calls[0] ?? [];
    expect(body).toMatchObject({
      assistantName: 'Shop helper',
      pauseOnHandoff: true,
      model: 'openai:gpt-4o-mini',
      assistantUserQA: [{ question: 'Returns?', answer: 'Within 30 days.' }],
    });
    expect(values.links.store).toEqual(['s1']);
  });

  it('shows the server’s field errors under their fields', async () => {
    const onSave = vi.fn().mockRejectedValue(new ApiError(400, { assistantAvatarUrl: ['Enter a valid URL.'] }));
    const sheet = renderEditor(onSave);
    await userEvent.type(within(sheet).getByLabelText('Name'), 'Helper');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Create assistant' }));
    expect(await within(sheet).findByText('Enter a valid URL.')).toBeInTheDocument();
    expect(within(sheet).getByLabelText('Assistant avatar')).toHaveAttribute('aria-invalid', 'true');
  });
});
