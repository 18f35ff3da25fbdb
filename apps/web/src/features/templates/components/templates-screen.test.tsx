import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TemplatesScreen } from './templates-screen';

// Each tab's content has its own tests; here only which one shows.
vi.mock('./templates-tab', () => ({ TemplatesTab: () => <p>templates panel</p> }));
vi.mock('./custom-templates-tab', () => ({ CustomTemplatesTab: () => <p>custom panel</p> }));

function Location() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <TemplatesScreen functions={<p>functions panel</p>} variables={<p>variables panel</p>} />
      <Location />
    </MemoryRouter>,
  );
}

describe('the templates screen', () => {
  it('opens the Templates tab by default, under the screen header', () => {
    renderAt('/templates');
    expect(screen.getByRole('heading', { level: 1, name: 'Templates' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Templates', 'My templates', 'Functions', 'Variables']);
    expect(screen.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('templates panel')).toBeInTheDocument();
  });

  it('opens the tab the URL names, and an unknown one as the default', () => {
    renderAt('/templates?tab=functions');
    expect(screen.getByRole('tab', { name: 'Functions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Functions' })).toHaveTextContent('functions panel');
    expect(screen.queryByText('templates panel')).not.toBeInTheDocument();
  });

  it('falls back to Templates for an unknown tab', () => {
    renderAt('/templates?tab=nope');
    expect(screen.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the chosen tab in the URL', async () => {
    renderAt('/templates');
    await userEvent.click(screen.getByRole('tab', { name: 'Variables' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/templates?tab=variables');
    expect(screen.getByText('variables panel')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'My templates' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/templates?tab=custom');
    await userEvent.click(screen.getByRole('tab', { name: 'Templates' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/templates$/);
  });
});
