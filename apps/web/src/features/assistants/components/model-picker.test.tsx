import type { ModelOption } from '@aisle/contracts/models';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { ModelPicker } from './model-picker';

const pricing = (input: number, output: number) => ({
  inputPerMillion: input,
  outputPerMillion: output,
  cachedInputPerMillion: input / 2,
  asOf: '2026-01-01',
  priced: true,
});
// As GET /api/models/ names them.
const builtIn: ModelOption = {
  id: 'local:extractive',
  provider: 'local',
  name: 'Built-in (answers from your stores, no AI provider)',
  pricing: pricing(0, 0),
  default: true,
};
const gpt: ModelOption = {
  id: 'openai:gpt-4.1-mini',
  provider: 'openai',
  name: 'GPT-4.1 mini',
  pricing: pricing(0.4, 1.6),
  default: false,
};
const claude: ModelOption = {
  id: 'anthropic:claude-haiku-4-5',
  provider: 'anthropic',
  name: 'Claude Haiku 4.5',
  pricing: pricing(1, 5),
  default: false,
};

function renderPicker(models: ModelOption[]) {
  return render(
    <div>
      <span id="model-label">Model</span>
      <ModelPicker id="model" models={models} loading={false} value="local:extractive" onChange={() => {}} />
    </div>,
  );
}
const picker = () => screen.getByRole('radiogroup', { name: 'Model' });

describe('the model picker', () => {
  it('describes the built-in model in full, and says how GPT and Claude are turned on when the server offers neither', () => {
    renderPicker([builtIn]);
    expect(screen.getByRole('radio', { name: 'Built-in' })).toBeChecked();
    const description = screen.getByText('Answers from your stores, no AI provider');
    expect(description.className).not.toMatch(/truncate|line-clamp/);
    expect(picker()).toHaveAccessibleDescription(
      'GPT and Claude models appear here once the server’s operator sets OPENAI_API_KEY or ANTHROPIC_API_KEY and restarts the server. ' +
        'Until then, the built-in model answers by quoting your stores’ passages and products, in the shopper’s language. ' +
        'It never makes anything up, and it is free.',
    );
  });

  it('leaves the help out when the server offers GPT or Claude models', () => {
    for (const offered of [gpt, claude]) {
      const view = renderPicker([offered, builtIn]);
      expect(screen.getByText('Answers from your stores, no AI provider')).toBeInTheDocument();
      expect(picker()).not.toHaveAccessibleDescription();
      expect(screen.queryByText(/OPENAI_API_KEY/)).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('explains it in Japanese and Thai', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderPicker([builtIn]);
    expect(screen.getByText('ストアの内容から回答します（AIプロバイダー不要）')).toBeInTheDocument();
    expect(picker()).toHaveAccessibleDescription(/OPENAI_API_KEY または ANTHROPIC_API_KEY/);
    await act(() => i18n.changeLanguage('th'));
    expect(picker()).toHaveAccessibleDescription(/OPENAI_API_KEY หรือ ANTHROPIC_API_KEY/);
  });
});
