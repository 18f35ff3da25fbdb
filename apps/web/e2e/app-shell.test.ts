import { describe, expect, it } from 'vitest';
import { apiFetch, login, signUpAndVerify, verificationLink } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';

/**
 * The web app shell as a merchant meets it, in Chromium against the production server on the
 * embedded default: sign-up and verification, sign-in, the sidebar, live notifications, theme and
 * the mobile layout.
 */
const staff = { email: 'staff@aisle.test', password: 'staff password 1', staff: true };

describe('web app shell in the browser', () => {
  const suite = browserSuite({ users: [staff] });
  const { open, signIn } = suite;

  const sendNotification = async (email: string, title: string) => {
    const { access } = await login(suite.server, staff.email, staff.password);
    const res = await apiFetch(suite.server, 'POST', '/api/notifications/send/', { email, title, content: `${title} body` }, access);
    expect(res.status).toBe(201);
  };

  it('signs up, verifies with the link from the server log, signs in and lands on /account', async () => {
    const { page, errors } = await open();
    await page.goto(suite.server.url);
    // The screen shows once its words are loaded (one small chunk per language).
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await screenshot(page, 'sign-in');

    await page.getByRole('button', { name: 'Create your free account' }).click();
    await page.getByLabel('Email').fill('ann@shop.test');
    await page.getByLabel('Password', { exact: true }).fill('correct horse 1');
    await page.getByLabel('Confirm Password').fill('correct horse 2');
    const requests: string[] = [];
    page.on('request', (request) => request.url().includes('/api/') && requests.push(request.url()));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match').waitFor();
    expect(requests).toEqual([]);
    await screenshot(page, 'sign-up-mismatch');

    await page.getByLabel('Confirm Password').fill('correct horse 1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Signup successful. Please verify your email to log in.').waitFor();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

    // Signing in before verifying: the warning of spec §8.
    await page.getByLabel('Password', { exact: true }).fill('correct horse 1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email Verification Required').waitFor();
    await page.getByText('Your email is not verified. Please check your inbox for the verification email.').waitFor();

    const link = await verificationLink(suite.server, 'ann@shop.test');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email successfully verified.' }).waitFor();
    await screenshot(page, 'email-verified');

    await signIn(page, 'ann@shop.test', 'correct horse 1');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('access_token'),
      refresh: localStorage.getItem('refresh_token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    }));
    expect(stored.access).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(stored.user).toEqual({ email: 'ann@shop.test', admin: false, tier: 'basic', user_avatar_url: null });
    await screenshot(page, 'account');
    // The refused sign-in above is logged by design (spec §8); nothing else may fail.
    expect(errors.filter((error) => !/signIn failed|status of 401/.test(error))).toEqual([]);
  });

  it('refuses a wrong password with "Unauthorized. Please login again."', async () => {
    await signUpAndVerify(suite.server, 'wrong@shop.test', 'correct horse 1');
    const { page } = await open();
    await page.goto(suite.server.url);
    await page.getByLabel('Email').fill('wrong@shop.test');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Unauthorized. Please login again.').waitFor();
    expect(page.url()).toBe(`${suite.server.url}/`);
  });

  it('toggles the sidebar with Ctrl+B and keeps the choice across a reload', async () => {
    await signUpAndVerify(suite.server, 'bob@shop.test', 'correct horse 1');
    const { page, errors } = await open();
    await signIn(page, 'bob@shop.test', 'correct horse 1');
    const sidebar = page.locator('[data-slot="sidebar"][data-state]');
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');

    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () => document.querySelector('[data-slot="sidebar"][data-state]')?.getAttribute('data-state') === 'expanded',
    );
    await page.reload();
    await page.getByRole('link', { name: 'Assistants', exact: true }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('true');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(604_800 - 120);

    // The active item follows the path.
    await page.getByRole('link', { name: 'Assistants', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/assistants`);
    await page.getByRole('heading', { name: 'Assistants' }).waitFor();
    expect(await page.getByRole('link', { name: 'Assistants', exact: true }).getAttribute('data-active')).toBe('true');
    expect(await page.getByRole('link', { name: 'Store', exact: true }).getAttribute('data-active')).toBe('false');
    await screenshot(page, 'sidebar-expanded');

    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () => document.querySelector('[data-slot="sidebar"][data-state]')?.getAttribute('data-state') === 'collapsed',
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Assistants' }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    expect(errors).toEqual([]);
  });

  it('shows a notification sent on the server live with the badge, then marks all as read', async () => {
    await signUpAndVerify(suite.server, 'cleo@shop.test', 'correct horse 1');
    const { page, errors } = await open();
    await signIn(page, 'cleo@shop.test', 'correct horse 1');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    expect(await page.getByTestId('notification-badge').count()).toBe(0);

    await sendNotification('cleo@shop.test', 'Your store is indexed');
    await page.getByTestId('notification-badge').getByText('1', { exact: true }).waitFor();
    await sendNotification('cleo@shop.test', 'Weekly report');
    await page.getByTestId('notification-badge').getByText('2', { exact: true }).waitFor();

    await bell.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('2 unread notification(s)').waitFor();
    await dialog.getByText('Weekly report', { exact: true }).waitFor();
    await dialog.getByText('Your store is indexed', { exact: true }).waitFor();
    await screenshot(page, 'notifications');

    await dialog.getByRole('button', { name: 'Mark all as read' }).click();
    await dialog.getByText('All caught up!').waitFor();
    expect(await dialog.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    expect(await page.getByTestId('notification-badge').count()).toBe(0);

    // The server kept it: a reload shows both read.
    await page.reload();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('dialog').getByText('All caught up!').waitFor();
    expect(await page.locator('[data-read="true"]').count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('switches between dark and light and remembers the choice', async () => {
    await signUpAndVerify(suite.server, 'dana@shop.test', 'correct horse 1');
    const { page } = await open();
    await signIn(page, 'dana@shop.test', 'correct horse 1');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await isDark()).toBe(true);
    await screenshot(page, 'account-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await isDark()).toBe(false);
  });

  it('works on a 375 px wide phone: the sidebar is a sheet that closes on navigation', async () => {
    await signUpAndVerify(suite.server, 'eve@shop.test', 'correct horse 1');
    const { page, errors } = await open({ width: 375, height: 740 });
    await page.goto(suite.server.url);
    await screenshot(page, 'mobile-sign-in');
    await signIn(page, 'eve@shop.test', 'correct horse 1');
    expect(await page.getByRole('link', { name: 'Chat', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('link', { name: 'Chat', exact: true }).waitFor();
    await screenshot(page, 'mobile-sidebar');
    await sheet.getByRole('link', { name: 'Chat', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/chat`);
    await page.getByRole('heading', { name: 'Chat', exact: true }).waitFor();
    await sheet.waitFor({ state: 'detached' });

    // Alerts span the width of a phone.
    await sendNotification('eve@shop.test', 'Hello');
    await page.getByTestId('notification-badge').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });

  it('shows the public pages without signing in', async () => {
    const { page } = await open();
    await page.goto(`${suite.server.url}/users/verify-email?key=not-a-real-key`);
    await page.getByText('The token you provided is invalid or expired. Please try again.').first().waitFor();
    await page.goto(`${suite.server.url}/users/reset-password?uid=x&token=y`);
    await page.getByLabel('New Password').fill('new password 1');
    await page.getByLabel('Confirm Password').fill('new password 2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
  });
});
