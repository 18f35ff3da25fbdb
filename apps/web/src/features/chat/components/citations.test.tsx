import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inlineCitationChip } from '@/components/markdown/citation-chip';
import { linkCitationMarkers } from '@/components/markdown/citation-markers';
import { MarkdownReply } from '@/components/markdown/markdown-reply';
import { AssistantBubble } from './message-bubbles';

const citations = [
  { number: 1, fileId: 'f1', fileName: 'faq.md', heading: 'FAQ › Returns', text: 'You can return any unworn item within 30 days.' },
  { number: 2, fileId: 'f2', fileName: 'shipping.txt', heading: '', text: 'Orders ship within two business days.' },
];

describe('citations', () => {
  it('links only the [n] markers of known citations', () => {
    expect(linkCitationMarkers('Within 30 days [1], ships fast [2]. See [3] and [docs](https://x.test).', citations)).toBe(
      'Within 30 days [1](#citation-1), ships fast [2](#citation-2). See [3] and [docs](https://x.test).',
    );
    expect(linkCitationMarkers('No sources [1].', [])).toBe('No sources [1].');
    expect(linkCitationMarkers('Both say so [1][2].', citations)).toBe('Both say so [1](#citation-1)[2](#citation-2).');
  });

  it('shows the sources as numbered chips that open the file, heading and passage', async () => {
    render(
      <ol>
        <AssistantBubble
          assistantName="Shop helper"
          text="You have **30 days** to return it."
          citations={citations}
          usage={{
            provider: 'local',
            model: 'extractive',
            inputTokens: 40,
            outputTokens: 12,
            cachedInputTokens: 0,
            costUsd: 0,
            priced: true,
            pricingAsOf: 'x',
            citations,
          }}
        />
      </ol>,
    );
    const sources = screen.getByRole('list', { name: 'Sources' });
    expect(
      within(sources)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['1faq.md', '2shipping.txt']);
    expect(screen.getByText('30 days').tagName).toBe('STRONG');
    expect(screen.getByTestId('reply-usage')).toHaveTextContent('40 in · 12 out · Free');

    await userEvent.click(within(sources).getByRole('button', { name: 'Source 1: faq.md' }));
    const popover = await screen.findByRole('dialog', { name: 'Source 1' });
    expect(popover).toHaveTextContent('faq.md');
    expect(popover).toHaveTextContent('FAQ › Returns');
    expect(popover).toHaveTextContent('You can return any unworn item within 30 days.');
  });

  it('renders inline markers as chips and never renders raw HTML', async () => {
    const { container } = render(
      <MarkdownReply
        text={'Returns take 30 days [1]. <script>alert(1)</script><img src=x onerror="alert(2)"> [click](javascript:alert(3))'}
        citations={citations}
        renderCitation={inlineCitationChip}
      />,
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Source 1: faq.md' }));
    expect(await screen.findByRole('dialog', { name: 'Source 1' })).toHaveTextContent('30 days');
  });
});
