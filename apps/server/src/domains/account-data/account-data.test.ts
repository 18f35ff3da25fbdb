import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingAccounts, orderVerifications, shopConnections, userSubscriptions } from '../../db/schema';
import { emailConfirmations, users } from '../../db/schema/users';
import { rowsOf } from '../../db/sql-helpers';
import { bearer, lastMailTo, login } from '../../testing/account-flows';
import { gql } from '../../testing/graphql-client';
import { createStore, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { seedAllModels } from '../../testing/seed-models';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';
import { createExportsContext, saveExport } from '../exports';
import { openSecret, readVariableValues, sealSecret, secretBoxKey } from '../variables';

const INVALID_TOKEN = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const WRONG_PASSWORD = { password: ['Your password was entered incorrectly. Please enter it again.'] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  await createVerifiedUser(t, { email: 'operator@shop.com', staff: true });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const me = (user: TestUser, token = user.access) => t.app.inject({ url: `/api/users/${user.id}/`, headers: bearer(token) });
const key = () => secretBoxKey(t.services.env.VARIABLES_ENCRYPTION_KEY);
const userRow = async (id: string) => (await t.services.db.select().from(users).where(eq(users.id, id)))[0];

/** Rows per table (every table with an `owner_email` column) that this address owns; empty tables left out. */
async function ownedCounts(email: string): Promise<Record<string, number>> {
  const tables = await rowsOf<{ table_name: string }>(
    t.services.db,
    sql`SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'owner_email'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = await rowsOf<{ n: number }>(
      t.services.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE owner_email = ${email}`,
    );
    if (row?.n) counts[table] = row.n;
  }
  return counts;
}

interface Owned {
  storeDir: string;
  exportFile: string;
  shopId: string;
  lineId: string;
}

/**
 * An account with something in every owned table (seedAllModels), plus what lives outside a row or
 * is sealed to its owner: an uploaded file on disk, an export's bytes, a secret variable, a shop's
 * tokens and a LINE channel's token and secret.
 */
async function fillAccount(user: TestUser, slug: string): Promise<Owned> {
  const viewer = { email: user.email, access: user.access, isStaff: false };
  await seedAllModels(t, user.email);
  const storeId = await createStore(t, viewer, `Help center of ${slug}`);
  const { fileIds } = await uploadFiles(t, viewer, storeId, [
    { fileName: 'returns.md', contentType: 'text/markdown', bytes: `# Returns\n\n${slug} takes returns within 30 days.` },
  ]);
  await waitForFiles(t, fileIds);
  const variable = await post('/api/variables/', { name: 'API_KEY', value: `secret-of-${slug}`, secret: true }, user.access);
  expect(variable.statusCode, variable.body).toBe(201);

  const shopId = randomUUID();
  await t.services.db.insert(shopConnections).values({
    id: shopId,
    ownerEmail: user.email,
    shopDomain: `${slug}.myshopify.com`,
    accessToken: sealSecret(key(), `shpat-${slug}`, { ownerEmail: user.email, id: shopId }),
    refreshToken: sealSecret(key(), `shprt-${slug}`, { ownerEmail: user.email, id: `refresh:${shopId}` }),
    installedAt: new Date(),
  });
  // The order help's one-time code for a shopper of this shop (commerce_actions come with seedAllModels).
  await t.services.db.insert(orderVerifications).values({
    ownerEmail: user.email,
    shopDomain: `${slug}.myshopify.com`,
    orderId: 'gid://shopify/Order/5001',
    orderName: '#1001',
    visitorKey: `visitor:${slug}`,
    codeHash: 'a'.repeat(64),
    expiresAt: new Date(Date.now() + 600_000),
  });
  const lineId = randomUUID();
  await t.services.db.insert(messagingAccounts).values({
    id: lineId,
    ownerEmail: user.email,
    channel: 'line',
    externalAccountId: `U-${slug}`,
    accessToken: sealSecret(key(), `line-token-${slug}`, { ownerEmail: user.email, id: lineId }),
    channelSecret: sealSecret(key(), `line-secret-${slug}`, { ownerEmail: user.email, id: `channel-secret:${lineId}` }),
  });
  const saved = await saveExport(createExportsContext(t.services), {
    ownerEmail: user.email,
    kind: 'test-export',
    fileName: 'data.json',
    contentType: 'application/json',
    bytes: Buffer.from(`{"owner": "${slug}"}`),
  });
  return {
    storeDir: `${t.services.env.dataDir}/files/${storeId}`,
    exportFile: `${t.services.env.dataDir}/exports/${saved.id}`,
    shopId,
    lineId,
  };
}

/** The secrets fillAccount sealed, opened as sealed for `email` now. */
async function openedSecrets(email: string, owned: Owned) {
  const [shop] = await t.services.db.select().from(shopConnections).where(eq(shopConnections.id, owned.shopId));
  const [line] = await t.services.db.select().from(messagingAccounts).where(eq(messagingAccounts.id, owned.lineId));
  return {
    variable: (await readVariableValues(t.services.db, t.services.env.VARIABLES_ENCRYPTION_KEY, email, ['API_KEY'])).API_KEY,
    shopAccess: openSecret(key(), shop?.accessToken ?? '', { ownerEmail: email, id: owned.shopId }),
    shopRefresh: openSecret(key(), shop?.refreshToken ?? '', { ownerEmail: email, id: `refresh:${owned.shopId}` }),
    lineToken: openSecret(key(), line?.accessToken ?? '', { ownerEmail: email, id: owned.lineId }),
    lineSecret: openSecret(key(), line?.channelSecret ?? '', { ownerEmail: email, id: `channel-secret:${owned.lineId}` }),
  };
}

describe('change e-mail', () => {
  const changeEmail = (token: string, payload: unknown) => post('/api/users/change-email/', payload, token);
  const follow = (link: string | undefined) => t.app.inject(`/api/accounts/confirm-email/${new URL(link ?? '').searchParams.get('key')}/`);

  it('moves the account and everything it owns to the confirmed address; only the new address signs in', async () => {
    const alice = await createVerifiedUser(t, { email: 'alice@shop.test', password: 'alice-password' });
    const bob = await createVerifiedUser(t, { email: 'bob@shop.test', password: 'bob-password' });
    await post('/api/users/update-language/', { language: 'ja' }, alice.access);
    const aliceOwned = await fillAccount(alice, 'alice');
    const bobOwned = await fillAccount(bob, 'bob');
    const aliceBefore = await ownedCounts('alice@shop.test');
    const bobBefore = await ownedCounts('bob@shop.test');
    expect(Object.keys(aliceBefore).length).toBeGreaterThan(20);
    expect(aliceBefore).toMatchObject({ order_verifications: 1 });
    const otherSession = (await login(t, 'alice@shop.test', 'alice-password')).json();

    const res = await changeEmail(alice.access, { password: 'alice-password', new_email: ' Alice@NewShop.test ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      detail: 'A confirmation link has been sent to the new address. Your e-mail address changes once you follow it.',
    });
    const mail = lastMailTo(t, 'alice@newshop.test');
    expect(mail.subject).toBe('新しいメールアドレスのご確認');
    expect(mail.text).toContain('このリンクは3日間有効です。');
    expect(mail.link).toMatch(/^http:\/\/aisle\.test\/users\/verify-email\?key=[\w-]{40,}$/);

    // Nothing changes until the link is followed.
    expect((await login(t, 'alice@shop.test', 'alice-password')).statusCode).toBe(200);
    expect(await ownedCounts('alice@shop.test')).toEqual(aliceBefore);
    expect((await me(alice)).statusCode).toBe(200);

    const confirmed = await follow(mail.link);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      detail: 'Your e-mail address has been changed. Sign in with the new address.',
      email_changed: true,
    });

    // The old address no longer signs in; the new one does, with the same password.
    expect((await login(t, 'alice@shop.test', 'alice-password')).json()).toEqual({
      detail: 'No active account found with the given credentials',
    });
    const signedIn = await login(t, 'alice@newshop.test', 'alice-password');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: 'alice@newshop.test', language: 'ja' });
    expect((await me(alice, signedIn.json().access)).json()).toMatchObject({
      id: alice.id,
      email: 'alice@newshop.test',
      email_verified: true,
    });

    // Every session from before ended (their tokens carry the old address).
    for (const token of [alice.access, otherSession.access]) expect((await me(alice, token)).json()).toEqual(INVALID_TOKEN);
    expect((await post('/api/token/refresh/', { refresh: otherSession.refresh })).json()).toEqual(INVALID_TOKEN);

    // Every owned row moved, the sealed secrets open under the new address, the files stayed.
    expect(await ownedCounts('alice@shop.test')).toEqual({});
    expect(await ownedCounts('alice@newshop.test')).toEqual(aliceBefore);
    expect(await openedSecrets('alice@newshop.test', aliceOwned)).toEqual({
      variable: 'secret-of-alice',
      shopAccess: 'shpat-alice',
      shopRefresh: 'shprt-alice',
      lineToken: 'line-token-alice',
      lineSecret: 'line-secret-alice',
    });
    expect(existsSync(aliceOwned.storeDir)).toBe(true);
    expect(existsSync(aliceOwned.exportFile)).toBe(true);
    const viewer = { email: 'alice@newshop.test', access: signedIn.json().access as string, isStaff: false };
    const stores = await gql(t, viewer, '{ listStores { items { name } } }');
    expect(stores.data?.listStores.items.map((store: { name: string }) => store.name)).toContain('Help center of alice');

    // Bob's data is untouched.
    expect(await ownedCounts('bob@shop.test')).toEqual(bobBefore);
    expect((await openedSecrets('bob@shop.test', bobOwned)).variable).toBe('secret-of-bob');
    expect((await me(bob)).statusCode).toBe(200);

    // The old address is told, in the account's language.
    const notice = lastMailTo(t, 'alice@shop.test');
    expect(notice.subject).toBe('メールアドレスが変更されました');
    expect(notice.text).toContain('alice@newshop.test');

    // Following the link again says it was done.
    expect((await follow(mail.link)).json()).toEqual({ detail: 'This email address is already verified.', already_verified: true });
  });

  it('refuses a wrong password, a taken or unchanged address and bad bodies, changing nothing', async () => {
    const carl = await createVerifiedUser(t, { email: 'carl@shop.test', password: 'carl-password' });
    await createVerifiedUser(t, { email: 'taken@shop.test' });
    const before = await userRow(carl.id);
    const mailsBefore = t.mails.length;
    const cases: [unknown, Record<string, string[]>][] = [
      [{ password: 'wrong-password', new_email: 'carl@elsewhere.test' }, WRONG_PASSWORD],
      [{ password: 'carl-password', new_email: ' TAKEN@shop.test' }, { new_email: ['A user with that email already exists.'] }],
      [{ password: 'carl-password', new_email: 'Carl@Shop.test' }, { new_email: ['This is already your e-mail address.'] }],
      [{}, { password: ['This field is required.'], new_email: ['This field is required.'] }],
      [{ password: 'carl-password' }, { new_email: ['This field is required.'] }],
      [{ password: 'carl-password', new_email: 'not-an-address' }, { new_email: ['Enter a valid email address.'] }],
      [{ password: 'carl-password', new_email: 42 }, { new_email: ['Expected string, received number.'] }],
      [{ password: ['carl-password'], new_email: 'carl@elsewhere.test' }, { password: ['Expected string, received array.'] }],
      [{ password: 'carl-password', new_email: 'carl\u0000@elsewhere.test' }, { new_email: ['Null characters are not allowed.'] }],
      [
        { password: 'carl-password', new_email: `${'c'.repeat(10_000)}@elsewhere.test` },
        { new_email: ['Ensure this field has no more than 254 characters.'] },
      ],
      [
        { password: 'p'.repeat(10_000), new_email: 'carl@elsewhere.test' },
        { password: ['Ensure this field has no more than 1024 characters.'] },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await changeEmail(carl.access, body);
      expect(res.statusCode, JSON.stringify(expected)).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    expect(t.mails.length).toBe(mailsBefore);
    expect(await userRow(carl.id)).toEqual(before);
    expect(await t.services.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, carl.id))).toEqual([]);
    expect((await me(carl)).statusCode).toBe(200);
    expect((await post('/api/users/change-email/', { password: 'carl-password', new_email: 'x@y.test' })).statusCode).toBe(401);
  });

  it('honours only the newest, unexpired link, and only while the new address is free', async () => {
    const dave = await createVerifiedUser(t, { email: 'dave@shop.test', password: 'dave-password' });
    await fillAccount(dave, 'dave');
    const before = await ownedCounts('dave@shop.test');

    await changeEmail(dave.access, { password: 'dave-password', new_email: 'dave@first.test' });
    const first = lastMailTo(t, 'dave@first.test').link;
    await changeEmail(dave.access, { password: 'dave-password', new_email: 'dave@second.test' });
    const second = lastMailTo(t, 'dave@second.test').link;
    expect((await follow(first)).json()).toEqual({ detail: 'Invalid or expired token.' });

    await t.services.db
      .update(emailConfirmations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailConfirmations.userId, dave.id));
    const expired = await follow(second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: 'Invalid or expired token.' });

    await changeEmail(dave.access, { password: 'dave-password', new_email: 'dave@third.test' });
    const third = lastMailTo(t, 'dave@third.test').link;
    // Someone signs up with that address before Dave follows his link.
    expect((await post('/api/users/create/', { email: 'dave@third.test', password: 'squatter-password' })).statusCode).toBe(201);
    const taken = await follow(third);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ detail: 'This address now belongs to another account, so the change cannot be made.' });

    expect(await ownedCounts('dave@shop.test')).toEqual(before);
    expect((await userRow(dave.id))?.email).toBe('dave@shop.test');
    expect((await me(dave)).statusCode).toBe(200);
    expect((await login(t, 'dave@shop.test', 'dave-password')).statusCode).toBe(200);
  });

  it('stops a password reset link mailed to the old address from working', async () => {
    const erin = await createVerifiedUser(t, { email: 'erin@shop.test', password: 'erin-password' });
    await post('/api/users/password-reset-request/', { email: 'erin@shop.test' });
    const reset = new URL(lastMailTo(t, 'erin@shop.test').link ?? '');
    await changeEmail(erin.access, { password: 'erin-password', new_email: 'erin@new.test' });
    expect((await follow(lastMailTo(t, 'erin@new.test').link)).statusCode).toBe(200);

    const res = await post('/api/users/password-reset-confirm/', {
      uid: reset.searchParams.get('uid'),
      token: reset.searchParams.get('token'),
      new_password: 'hijacked-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Invalid or expired token.' });
    expect((await login(t, 'erin@new.test', 'erin-password')).statusCode).toBe(200);
  });
});

describe('delete account', () => {
  const deleteAccount = (token: string, payload: unknown) => post('/api/users/delete-account/', payload, token);

  it('deletes the account with everything it owns and ends its sessions, leaving other accounts alone', async () => {
    const frank = await createVerifiedUser(t, { email: 'frank@shop.test', password: 'frank-password' });
    const gina = await createVerifiedUser(t, { email: 'gina@shop.test', password: 'gina-password' });
    const frankOwned = await fillAccount(frank, 'frank');
    const ginaOwned = await fillAccount(gina, 'gina');
    const ginaBefore = await ownedCounts('gina@shop.test');
    expect(existsSync(frankOwned.storeDir)).toBe(true);
    const otherSession = (await login(t, 'frank@shop.test', 'frank-password')).json();

    const res = await deleteAccount(frank.access, { password: 'frank-password' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    // Its tokens stop working at once, and it cannot sign in.
    for (const token of [frank.access, otherSession.access]) expect((await me(frank, token)).json()).toEqual(INVALID_TOKEN);
    expect((await post('/api/token/refresh/', { refresh: frank.refresh })).json()).toEqual(INVALID_TOKEN);
    expect((await login(t, 'frank@shop.test', 'frank-password')).statusCode).toBe(401);

    // Its data is gone: every owned row, the user, the files and the export's bytes.
    expect(await ownedCounts('frank@shop.test')).toEqual({});
    expect(await userRow(frank.id)).toBeUndefined();
    expect(existsSync(frankOwned.storeDir)).toBe(false);
    expect(existsSync(frankOwned.exportFile)).toBe(false);

    // Gina's is untouched.
    expect(await ownedCounts('gina@shop.test')).toEqual(ginaBefore);
    expect(existsSync(ginaOwned.storeDir)).toBe(true);
    expect(existsSync(ginaOwned.exportFile)).toBe(true);
    expect((await openedSecrets('gina@shop.test', ginaOwned)).shopAccess).toBe('shpat-gina');
    expect((await me(gina)).statusCode).toBe(200);

    // The address is free for a new account.
    expect((await post('/api/users/create/', { email: 'frank@shop.test', password: 'frank-password-2' })).statusCode).toBe(201);
  });

  it('refuses a wrong password and bad bodies, deleting nothing', async () => {
    const hugo = await createVerifiedUser(t, { email: 'hugo@shop.test', password: 'hugo-password' });
    const owned = await fillAccount(hugo, 'hugo');
    const before = await ownedCounts('hugo@shop.test');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ password: 'wrong-password' }, WRONG_PASSWORD],
      [{}, { password: ['This field is required.'] }],
      [{ password: '' }, { password: ['This field may not be blank.'] }],
      [{ password: 12345678 }, { password: ['Expected string, received number.'] }],
      [{ password: 'hugo\u0000password' }, { password: ['Null characters are not allowed.'] }],
      [{ password: 'h'.repeat(10_000) }, { password: ['Ensure this field has no more than 1024 characters.'] }],
    ];
    for (const [body, expected] of cases) {
      const res = await deleteAccount(hugo.access, body);
      expect(res.statusCode, JSON.stringify(expected)).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    expect(await ownedCounts('hugo@shop.test')).toEqual(before);
    expect(existsSync(owned.storeDir)).toBe(true);
    expect((await me(hugo)).statusCode).toBe(200);
    expect((await post('/api/users/delete-account/', { password: 'hugo-password' })).statusCode).toBe(401);
  });

  it('sends an account that signs in only through Shopify to the uninstall instead', async () => {
    const shopAccount = await createVerifiedUser(t, { email: 'owner@ivy-store.myshopify.com' });
    await t.services.db
      .insert(shopConnections)
      .values({ ownerEmail: shopAccount.email, shopDomain: 'ivy-store.myshopify.com', installedAt: new Date() });
    const res = await deleteAccount(shopAccount.access, { password: shopAccount.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^This account signs in through Shopify .*uninstall the Aisle app from your Shopify admin/);
    expect(await userRow(shopAccount.id)).toBeDefined();
    expect(await ownedCounts(shopAccount.email)).toEqual({ shop_connections: 1 });
  });

  it('refuses while a subscription renews, and deletes once it is set to end', async () => {
    const jade = await createVerifiedUser(t, { email: 'jade@shop.test', password: 'jade-password' });
    await t.services.db
      .insert(userSubscriptions)
      .values({ userId: jade.id, provider: 'stripe', externalId: `sub_${jade.id}`, tier: 'pro', status: 'active' });
    const refused = await deleteAccount(jade.access, { password: 'jade-password' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Your subscription still renews. Cancel it on the Account page first, then delete your account.',
    });
    expect(await userRow(jade.id)).toBeDefined();

    await t.services.db.update(userSubscriptions).set({ cancelAtPeriodEnd: true }).where(eq(userSubscriptions.userId, jade.id));
    expect((await deleteAccount(jade.access, { password: 'jade-password' })).statusCode).toBe(204);
    expect(await userRow(jade.id)).toBeUndefined();
    expect(await t.services.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, jade.id))).toEqual([]);
  });
});
