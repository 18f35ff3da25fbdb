import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { gql, type TestViewer, viewerToken } from '../testing/graphql-client';
import { createTestApp, type TestApp } from '../testing/test-app';

const ROWS = 2500;

describe('lists: pagination, filters, indexed queries', () => {
  let t: TestApp;
  let owner: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await viewerToken(t, 'merchant@shop.test');
    const other = await viewerToken(t, 'other@shop.test');
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      ownerEmail: owner.email,
      title: `Order ${String(i).padStart(4, '0')}`,
      content: i % 5 === 0 ? `Refund requested for order ${i}` : `Shipped order ${i}`,
      userHasRead: i % 2 === 0,
      // Pairs of rows share a timestamp, so the keyset tie-breaker on id is exercised too.
      createdAt: new Date(start + Math.floor(i / 2) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.services.db.insert(notifications).values(rows.slice(i, i + 500));
    await t.services.db.insert(notifications).values({ ownerEmail: other.email, title: 'Not yours' });
  });
  afterAll(() => t.close());

  const listPage = (vars: Record<string, unknown>) =>
    gql(
      t,
      owner,
      `query($f: ModelNotificationFilterInput, $l: Int, $n: String) { listNotifications(filter: $f, limit: $l, nextToken: $n) { items { id title createdAt } nextToken } }`,
      vars,
    );

  it('walks 2,500 rows in pages of 999 with no row lost or repeated, newest first', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let nextToken: string | null = null;
    let createdAts: string[] = [];
    do {
      const res = await listPage({ l: 999, n: nextToken });
      expect(res.errors).toBeUndefined();
      const page = res.data?.listNotifications;
      sizes.push(page.items.length);
      seen.push(...page.items.map((i: { id: string }) => i.id));
      createdAts = createdAts.concat(page.items.map((i: { createdAt: string }) => i.createdAt));
      nextToken = page.nextToken;
    } while (nextToken);
    expect(sizes).toEqual([999, 999, 502]);
    expect(new Set(seen).size).toBe(ROWS);
    expect([...createdAts].sort().reverse()).toEqual(createdAts);
  });

  it('applies filters in the database, before the limit', async () => {
    const refunds = await listPage({ f: { content: { contains: 'Refund' } }, l: 1000 });
    expect(refunds.data?.listNotifications.items).toHaveLength(ROWS / 5);
    const combined = await listPage({
      f: { and: [{ content: { beginsWith: 'Refund' } }, { userHasRead: { eq: true } }], not: { title: { eq: 'Order 0000' } } },
      l: 1000,
    });
    // i % 5 == 0 and i even → i % 10 == 0: 250 rows, minus Order 0000.
    expect(combined.data?.listNotifications.items).toHaveLength(249);
    const either = await listPage({ f: { or: [{ title: { eq: 'Order 0001' } }, { title: { eq: 'Order 0002' } }] } });
    expect(either.data?.listNotifications.items.map((i: { title: string }) => i.title).sort()).toEqual(['Order 0001', 'Order 0002']);
    const range = await listPage({ f: { title: { between: ['Order 0010', 'Order 0019'] }, content: { notContains: 'Refund' } } });
    expect(range.data?.listNotifications.items).toHaveLength(8);
    const dated = await listPage({ f: { createdAt: { lt: '2026-01-01T00:02:00.000Z' } } });
    expect(dated.data?.listNotifications.items.map((i: { title: string }) => i.title).sort()).toEqual([
      'Order 0000',
      'Order 0001',
      'Order 0002',
      'Order 0003',
    ]);
    const none = await listPage({ f: { presignedGet: { attributeExists: true } } });
    expect(none.data?.listNotifications.items).toEqual([]);
  });

  it('pages through a filtered list with nextToken', async () => {
    const first = await listPage({ f: { content: { contains: 'Refund' } }, l: 300 });
    const second = await listPage({ f: { content: { contains: 'Refund' } }, l: 300, n: first.data?.listNotifications.nextToken });
    expect(first.data?.listNotifications.items).toHaveLength(300);
    expect(second.data?.listNotifications.items).toHaveLength(200);
    expect(second.data?.listNotifications.nextToken).toBeNull();
  });

  it('rejects a limit above 1000, a bad nextToken and a bad date with clear errors', async () => {
    expect((await listPage({ l: 1001 })).errors?.[0]?.message).toBe('limit must be between 1 and 1000.');
    expect((await listPage({ l: 0 })).errors?.[0]?.message).toBe('limit must be between 1 and 1000.');
    expect((await listPage({ n: 'garbage' })).errors?.[0]?.message).toBe('Invalid nextToken.');
    expect((await listPage({ f: { createdAt: { gt: 'yesterday' } } })).errors?.[0]?.message).toMatch(/not a valid AWSDateTime/);
  });

  it('refuses dates JavaScript can write but the database cannot compare, in a nextToken or a filter (the fuzz campaign found 500s)', async () => {
    const cursor = (sort: string) => Buffer.from(JSON.stringify([sort, '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    for (const far of ['+275760-09-13T00:00:00.000Z', '-004714-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z']) {
      const page = await listPage({ n: cursor(far) });
      expect(page.errors?.[0]).toMatchObject({ message: 'Invalid nextToken.', extensions: { code: 'BAD_REQUEST' } });
      const filtered = await listPage({ f: { createdAt: { between: ['2026-01-01T00:00:00.000Z', far] } } });
      expect(filtered.errors?.[0]?.message).toBe(`"${far}" is not a valid AWSDateTime for createdAt.`);
    }
    // A cursor keeps working in any form of the same instant.
    const first = await listPage({ l: 2 });
    const [sort, id] = JSON.parse(Buffer.from(first.data?.listNotifications.nextToken, 'base64url').toString()) as string[];
    const sameInstant = Buffer.from(JSON.stringify([(sort as string).replace('Z', '+00:00'), id])).toString('base64url');
    const next = await listPage({ l: 2, n: sameInstant });
    expect(next.errors).toBeUndefined();
    expect(next.data?.listNotifications.items).toHaveLength(2);
  });

  it('sorts indexed queries by their key, both directions, with key conditions', async () => {
    const assistant = await gql(t, owner, `mutation { createAssistant(input: { assistantName: "Helper" }) { id } }`);
    const assistantID = assistant.data?.createAssistant.id;
    const names: string[] = [];
    for (const name of ['first', 'second', 'third']) {
      await gql(t, owner, `mutation($i: CreateThreadInput!) { createThread(input: $i) { id } }`, { i: { assistantID, name } });
      names.push(name);
      await new Promise((r) => setTimeout(r, 5));
    }
    const query = `query($a: ID!, $d: ModelSortDirection, $c: ModelStringKeyConditionInput, $l: Int, $n: String) {
      threadsByAssistantID(assistantID: $a, sortDirection: $d, createdAt: $c, limit: $l, nextToken: $n) { items { name createdAt } nextToken } }`;
    const asc = await gql(t, owner, query, { a: assistantID });
    expect(asc.data?.threadsByAssistantID.items.map((i: { name: string }) => i.name)).toEqual(names);
    const desc = await gql(t, owner, query, { a: assistantID, d: 'DESC', l: 2 });
    expect(desc.data?.threadsByAssistantID.items.map((i: { name: string }) => i.name)).toEqual(['third', 'second']);
    const rest = await gql(t, owner, query, { a: assistantID, d: 'DESC', l: 2, n: desc.data?.threadsByAssistantID.nextToken });
    expect(rest.data?.threadsByAssistantID.items.map((i: { name: string }) => i.name)).toEqual(['first']);
    const secondAt = asc.data?.threadsByAssistantID.items[1].createdAt;
    const after = await gql(t, owner, query, { a: assistantID, c: { ge: secondAt } });
    expect(after.data?.threadsByAssistantID.items.map((i: { name: string }) => i.name)).toEqual(['second', 'third']);
  });

  it('resolves the parent of every row of a long list, each row getting its own', async () => {
    const names = ['North', 'South'];
    const ids: string[] = [];
    for (const assistantName of names) {
      const a = await gql(t, owner, `mutation($n: String!) { createAssistant(input: { assistantName: $n }) { id } }`, { n: assistantName });
      ids.push(a.data?.createAssistant.id);
    }
    for (let i = 0; i < 40; i++) {
      await gql(t, owner, `mutation($a: ID!) { createThread(input: { assistantID: $a, name: "t" }) { id } }`, { a: ids[i % 2] });
    }
    const res = await gql(
      t,
      owner,
      `{ listThreads(limit: 1000, filter: { name: { eq: "t" } }) { items { assistantID assistant { id assistantName } } } }`,
    );
    const items = res.data?.listThreads.items as { assistantID: string; assistant: { id: string; assistantName: string } }[];
    expect(items).toHaveLength(40);
    for (const item of items) expect(item.assistant.id).toBe(item.assistantID);
    expect(new Set(items.map((i) => i.assistant.assistantName))).toEqual(new Set(names));
  });
});
