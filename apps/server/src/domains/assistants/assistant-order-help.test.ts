import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { gql, type TestViewer, viewerToken } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

const allOn = { status: true, returns: true, addressChange: true, resendConfirmation: true };

/** Issue 32 §4: the owner turns each built-in order-help action on or off per assistant. */
describe('an assistant’s order help switches', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
  });
  afterAll(() => t.close());

  const stored = async (id: string) => (await t.services.db.select().from(assistants).where(eq(assistants.id, id)))[0];
  const readBack = async (viewer: TestViewer, id: string) => {
    const res = await gql(t, viewer, `query($id: ID!) { getAssistant(id: $id) { orderHelp } }`, { id });
    const value = res.data?.getAssistant?.orderHelp;
    return typeof value === 'string' ? JSON.parse(value) : value;
  };

  it('starts with every action on (stored as null) and saves the owner’s switches through REST', async () => {
    const created = await post(t, alice, '/api/assistant/create/', { assistantName: 'Orders' });
    expect(created.status).toBe(201);
    expect(created.body?.orderHelp).toBeNull();
    const id = created.body?.id as string;

    const edited = await post(t, alice, '/api/assistant/edit/', { id, orderHelp: { ...allOn, returns: false, addressChange: false } });
    expect(edited.status).toBe(200);
    expect(edited.body?.orderHelp).toEqual({ ...allOn, returns: false, addressChange: false });
    expect((await stored(id))?.orderHelp).toEqual({ ...allOn, returns: false, addressChange: false });
    expect(await readBack(alice, id)).toEqual({ ...allOn, returns: false, addressChange: false });

    // Other edits leave the switches alone; null turns every action back on.
    await post(t, alice, '/api/assistant/edit/', { id, temperature: 0.3 });
    expect((await stored(id))?.orderHelp).toEqual({ ...allOn, returns: false, addressChange: false });
    const reset = await post(t, alice, '/api/assistant/edit/', { id, orderHelp: null });
    expect(reset.body?.orderHelp).toBeNull();
    expect((await stored(id))?.orderHelp).toBeNull();
  });

  it('keeps an action left out of the object on, as it is by default', async () => {
    const res = await post(t, alice, '/api/assistant/create/', { assistantName: 'Status only', orderHelp: { returns: false } });
    expect(res.status).toBe(201);
    expect(res.body?.orderHelp).toEqual({ ...allOn, returns: false });
  });

  it('is written and read through the data API too', async () => {
    const id = await createAssistant(t, alice);
    const updated = await gql(t, alice, `mutation($i: UpdateAssistantInput!) { updateAssistant(input: $i) { id orderHelp } }`, {
      i: { id, orderHelp: JSON.stringify({ ...allOn, resendConfirmation: false }) },
    });
    expect(updated.errors).toBeUndefined();
    expect(JSON.parse(updated.data?.updateAssistant.orderHelp)).toEqual({ ...allOn, resendConfirmation: false });
    expect((await stored(id))?.orderHelp).toEqual({ ...allOn, resendConfirmation: false });

    const refused = await gql(t, alice, `mutation($i: UpdateAssistantInput!) { updateAssistant(input: $i) { id } }`, {
      i: { id, orderHelp: JSON.stringify({ status: 'sometimes' }) },
    });
    expect(refused.errors?.[0]?.message).toBe('orderHelp: Must be a valid boolean.');
    expect((await stored(id))?.orderHelp).toEqual({ ...allOn, resendConfirmation: false });
  });

  describe('bad shapes', () => {
    const cases: [string, unknown, string, string][] = [
      ['a switch as text', { status: 'yes' }, 'orderHelp.status', 'Must be a valid boolean.'],
      ['a switch as a number', { ...allOn, returns: 1 }, 'orderHelp.returns', 'Must be a valid boolean.'],
      ['a list', [true, false], 'orderHelp', 'Expected a JSON object.'],
      ['a word', 'off', 'orderHelp', 'Expected a JSON object.'],
    ];

    it.each(cases)('edit refuses %s with a field error and changes nothing', async (_name, orderHelp, field, message) => {
      const id = await createAssistant(t, alice, { orderHelp: { ...allOn, returns: false } });
      const before = await stored(id);
      const res = await post(t, alice, '/api/assistant/edit/', { id, orderHelp });
      expect(res).toEqual({ status: 400, body: { [field]: [message] } });
      expect(await stored(id)).toEqual(before);
    });

    it.each(cases)('create refuses %s and stores nothing', async (_name, orderHelp, field, message) => {
      const res = await post(t, alice, '/api/assistant/create/', { assistantName: 'Never made', orderHelp });
      expect(res).toEqual({ status: 400, body: { [field]: [message] } });
      const mine = await t.services.db.select().from(assistants).where(eq(assistants.ownerEmail, alice.email));
      expect(mine.map((row) => row.assistantName)).not.toContain('Never made');
    });
  });

  it('another merchant can neither read nor change an assistant’s switches', async () => {
    const id = await createAssistant(t, alice, { orderHelp: { ...allOn, addressChange: false } });
    expect(await post(t, bob, '/api/assistant/edit/', { id, orderHelp: allOn })).toEqual({
      status: 404,
      body: { detail: 'Assistant not found.' },
    });
    const viaGraphql = await gql(t, bob, `mutation($i: UpdateAssistantInput!) { updateAssistant(input: $i) { id } }`, {
      i: { id, orderHelp: JSON.stringify(allOn) },
    });
    expect(viaGraphql.errors?.[0]?.message).toBe('Unauthorized');
    expect(await readBack(bob, id)).toBeUndefined();
    expect((await stored(id))?.orderHelp).toEqual({ ...allOn, addressChange: false });
  });
});
