import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndVerify } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';

/**
 * Staff announcements in Chromium against the production server: staff publish on their own
 * screen, and a merchant's open app shows the banner live, keeps it dismissed, and shows a newer one.
 */
const staff = { email: 'staff@aisle.test', password: 'staff password 1', staff: true };
const merchant = { email: 'mia@shop.test', password: 'correct horse 1' };

/** Resolves once the page has asked the server for new announcements over its socket. */
const subscribedToAnnouncements = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes('onCreateAnnouncement')) resolve();
      }),
    );
  });

describe('announcements in the browser', () => {
  const suite = browserSuite({ users: [staff] });
  const { open, signIn } = suite;

  const publish = async (page: Page, message: string) => {
    const form = page.getByRole('form', { name: 'New announcement' });
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('list', { name: 'Announcements' }).getByRole('listitem', { name: message }).waitFor();
  };

  it('staff publish on /announcements; an open app shows the banner live, and a dismissal outlives a reload', async () => {
    const { url } = suite.server;
    await signUpAndVerify(suite.server, merchant.email, merchant.password);
    const user = await open();
    await signIn(user.page, merchant.email, merchant.password);
    await user.page.getByRole('link', { name: 'Assistants', exact: true }).waitFor();
    expect(await user.page.getByRole('link', { name: 'Announcements' }).count()).toBe(0);
    await user.page.goto(`${url}/announcements`);
    await user.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await user.page.getByRole('form', { name: 'New announcement' }).count()).toBe(0);

    const subscribed = subscribedToAnnouncements(user.page);
    await user.page.goto(`${url}/dashboard`);
    await subscribed;
    // Set after the last navigation: still there later means the banner came without a reload.
    await user.page.evaluate(() => Object.assign(window, { openSinceBefore: true }));

    const admin = await open();
    await signIn(admin.page, staff.email, staff.password);
    await admin.page.getByRole('link', { name: 'Announcements' }).click();
    await admin.page.waitForURL(`${url}/announcements`);
    await admin.page.getByRole('heading', { name: 'No announcements yet' }).waitFor();
    await admin.page.getByRole('form', { name: 'New announcement' }).getByRole('button', { name: 'Publish' }).click();
    await admin.page.getByText('This field may not be blank.').waitFor();
    await publish(admin.page, 'Scheduled maintenance tonight at 22:00 UTC.');
    await screenshot(admin.page, 'announcements-staff');

    const banner = user.page.getByRole('region', { name: 'Announcement' });
    await banner.getByText('Scheduled maintenance tonight at 22:00 UTC.').waitFor();
    expect(await user.page.evaluate(() => (window as { openSinceBefore?: boolean }).openSinceBefore)).toBe(true);
    await screenshot(user.page, 'announcements-banner');

    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await banner.waitFor({ state: 'detached' });

    const listed = user.page.waitForResponse(
      (response) => response.url() === `${url}/graphql` && (response.request().postData() ?? '').includes('listAnnouncements'),
    );
    await user.page.reload();
    const body = (await (await listed).json()) as { data: { listAnnouncements: { items: { message: string }[] } } };
    expect(body.data.listAnnouncements.items.map((item) => item.message)).toEqual(['Scheduled maintenance tonight at 22:00 UTC.']);
    await user.page.getByRole('link', { name: 'Assistants', exact: true }).waitFor();
    // Two frames after the list arrived: the banner would be rendered by now.
    await user.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await banner.count()).toBe(0);

    // A newer announcement shows again, live.
    await publish(admin.page, 'New pricing from Monday.');
    await banner.getByText('New pricing from Monday.').waitFor();
    expect(user.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
