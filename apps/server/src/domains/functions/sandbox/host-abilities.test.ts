import { afterAll, describe, expect, it } from 'vitest';
import { closeSandbox, type HostAbilities, HostCallRefusal, runInSandbox } from './index';

afterAll(closeSandbox);

/** Abilities as a chat turn grants them: a search over one owner's stores, a contact saved to one thread. */
function abilities(calls: { name: string; input: unknown }[] = []): HostAbilities {
  return {
    names: ['searchKnowledge', 'saveContact'],
    async call(name, input) {
      calls.push({ name, input });
      if (name === 'saveContact') {
        const email = (input as { email?: string }).email ?? '';
        if (!email.includes('@')) throw new HostCallRefusal('Enter a valid email address.');
        throw new Error(`database password is hunter2 (${email})`);
      }
      return [{ text: `About ${(input as { query: string }).query}`, source: 'faq.md' }];
    },
  };
}

describe('host abilities (aisle.*)', () => {
  it('lets the code call a granted ability and use its JSON answer', async () => {
    const calls: { name: string; input: unknown }[] = [];
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `export default async ({ question }) => {
        const passages = await aisle.searchKnowledge({ query: question, limit: 2 });
        return { first: passages[0].text, from: passages[0].source };
      }`,
      args: { question: 'returns' },
      host: abilities(calls),
    });
    expect(outcome).toMatchObject({ ok: true, result: { first: 'About returns', from: 'faq.md' } });
    expect(calls).toEqual([{ name: 'searchKnowledge', input: { query: 'returns', limit: 2 } }]);
  });

  it("passes a refusal's message to the code and hides every other failure's details", async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `export default async () => {
        const seen = [];
        for (const email of ['nope', 'ann@shop.test']) {
          try { await aisle.saveContact({ email }); } catch (error) { seen.push(error.message); }
        }
        return seen;
      }`,
      args: {},
      host: abilities(),
    });
    expect(outcome).toMatchObject({ ok: true, result: ['Enter a valid email address.', 'aisle.saveContact failed'] });
  });

  it('offers only the granted abilities, frozen, and nothing when none are granted', async () => {
    const probe = `export default async () => ({
      names: typeof aisle === 'object' ? Object.keys(aisle) : null,
      frozen: typeof aisle === 'object' ? Object.isFrozen(aisle) : null,
      shopify: typeof aisle === 'object' ? typeof aisle.shopify : null,
    })`;
    expect(await runInSandbox({ account: 'shop@example.com', code: probe, args: {}, host: abilities() })).toMatchObject({
      result: { names: ['searchKnowledge', 'saveContact'], frozen: true, shopify: 'undefined' },
    });
    expect(await runInSandbox({ account: 'shop@example.com', code: probe, args: {} })).toMatchObject({
      result: { names: [], frozen: true, shopify: 'undefined' },
    });
  });

  it('limits the calls per run', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `export default async () => {
        let done = 0;
        try { for (;;) { await aisle.searchKnowledge({ query: 'x' }); done++; } } catch (error) { return { done, message: error.message }; }
      }`,
      args: {},
      host: abilities(),
      limits: { hostCallCount: 3 },
    });
    expect(outcome).toMatchObject({ ok: true, result: { done: 3, message: expect.stringContaining('at most 3') } });
  });

  it('ends a run whose ability never answers at the time limit, and the next run is fine', async () => {
    const stuck: HostAbilities = { names: ['searchKnowledge'], call: () => new Promise(() => undefined) };
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async () => aisle.searchKnowledge({ query: "x" })',
      args: {},
      host: stuck,
      limits: { timeMs: 300 },
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(await runInSandbox({ account: 'shop@example.com', code: 'export default async () => 42', args: {} })).toMatchObject({
      ok: true,
      result: 42,
    });
  });
});
