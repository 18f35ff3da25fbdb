import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiFetch, login } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson } from './support/shop-assistant';

/**
 * The dashboard in the browser, on a history made the way customers make it: two visitors on the
 * public chat page and one in the storefront widget talk to the owner's shared assistant (the local
 * model answers each). The merchant opens /dashboard (nothing computed yet: the page computes it
 * once), sees the figures, refreshes, switches the window, filters by channel and downloads the CSV.
 */
const merchant = { email: 'dash@shop.test', password: 'dashboard pass 1' };

describe('the dashboard in the browser', () => {
  const suite = browserSuite({ users: [merchant] });

  it('shows the figures of the customers’ conversations, by window and channel, and exports them', async () => {
    const { server } = suite;
    const { access } = await login(server, merchant.email, merchant.password);
    const assistant = await expectJson<{ id: string }>(
      await apiFetch(server, 'POST', '/api/assistant/create/', { assistantName: 'Shop helper', model: 'local:extractive' }, access),
      201,
      'assistant',
    );
    const share = await expectJson<{ shareToken: { token: string } }>(
      await apiFetch(server, 'POST', '/api/shared-assistant/create/', { assistantId: assistant.id }, access),
      201,
      'share',
    );
    for (const [message, origin] of [
      ['Hello, do you ship abroad?', 'web'],
      ['Hi there', 'web'],
      ['Hello from your shop', 'widget'],
    ] as const) {
      await expectJson(
        await apiFetch(server, 'POST', '/api/shared-chat/message/', { token: share.shareToken.token, message, origin }),
        200,
        'visitor',
      );
    }

    const { page, errors } = await suite.open();
    await suite.signIn(page, merchant.email, merchant.password);
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/analytics/refresh/') && response.status() === 200);
    await page.goto(`${server.url}/dashboard`);
    // Nothing was computed yet: the page asks for it once, then shows the figures.
    await refreshed;
    const value = (id: string) => page.getByTestId(`kpi-${id}-value`);
    await value('customers-helped').getByText('3', { exact: true }).waitFor();
    expect(await value('interactions').textContent()).toBe('6');
    expect(await value('time-saved').textContent()).toBe('0.3 h');
    expect(await value('cost-saved').textContent()).toBe('$5.00');
    expect(await value('model-cost').textContent()).toBe('$0.00');
    expect(await value('automation-rate').textContent()).toBe('100%');
    await page.getByText('5 min per conversation').waitFor();
    await screenshot(page, 'dashboard-30-days');
    // The button recomputes; nothing changed, so neither do the figures.
    const again = page.waitForResponse((response) => response.url().endsWith('/api/analytics/refresh/'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect(await (await again).json()).toMatchObject({ written: 0 });
    await page.getByRole('button', { name: 'Refresh' }).and(page.locator(':enabled')).waitFor();
    expect(await value('customers-helped').textContent()).toBe('3');

    await page.getByRole('button', { name: '7 days' }).click();
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await value('customers-helped').getByText('3', { exact: true }).waitFor();

    await page.getByRole('combobox', { name: 'Channel' }).selectOption('widget');
    await value('customers-helped').getByText('1', { exact: true }).waitFor();
    expect(await value('interactions').textContent()).toBe('2');
    await screenshot(page, 'dashboard-widget-7-days');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('aisle-dashboard-7-days.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]?.split(',').slice(0, 3)).toEqual(['date', 'customers_helped', 'interactions']);
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)?.split(',').slice(0, 3)).toEqual([new Date().toISOString().slice(0, 10), '1', '2']);
    expect(errors).toEqual([]);
  });
});
