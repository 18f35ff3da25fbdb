import { describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { collectPageErrors, screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, setUpShopAssistant } from './support/shop-assistant';

/**
 * A ready-made template end to end, with no API key at all: the merchant fills the template's
 * required variables on /templates and adds it to an assistant on the built-in local model; a
 * question in /chat makes that model call the template's function and answer with the merchant's
 * own policy.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };
const returnsPolicy = 'Returns are free within 45 days if the item is unworn.';

describe('templates: fill the variables, add to an assistant, and it answers from them', () => {
  const suite = browserSuite({ users: [ann] });

  it('uses the shipping and returns template on a local-model assistant', async () => {
    const { server } = suite;
    const { access, assistantId } = await setUpShopAssistant(server, ann);
    const { page } = await suite.open();
    const errors = collectPageErrors(page);
    await suite.signIn(page, ann.email, ann.password);

    await page.goto(`${server.url}/templates`);
    const card = page.getByRole('listitem', { name: 'Shipping and returns policy' });
    await card.getByText('needed').first().waitFor();
    await card.getByRole('button', { name: 'Use template' }).click();

    const sheet = page.getByRole('dialog');
    // Adding before the variables are filled is refused in the form, and nothing is linked.
    await sheet.getByRole('button', { name: 'Add to assistant' }).click();
    await sheet.getByLabel('SHIPPING_POLICY').waitFor();
    expect(await sheet.getByLabel('SHIPPING_POLICY').getAttribute('aria-invalid')).toBe('true');
    await sheet.getByLabel('SHIPPING_POLICY').fill('We ship to the EU in 2 to 4 working days; free over 50 EUR.');
    await sheet.getByLabel('RETURNS_POLICY').fill(returnsPolicy);
    await sheet.getByRole('button', { name: 'Add to assistant' }).click();
    await page.getByText('Shipping and returns policy added to Shop helper').waitFor();
    await sheet.waitFor({ state: 'detached' });
    // The variables it needed now show as set.
    await card.getByText('needed').first().waitFor({ state: 'detached' });

    const links = await expectJson<{ data: { listAssistantTemplates: { items: { assistantId: string }[] } } }>(
      await apiFetch(server, 'POST', '/graphql', { query: '{ listAssistantTemplates { items { assistantId } } }' }, access),
      200,
      'links',
    );
    expect(links.data.listAssistantTemplates.items).toEqual([{ assistantId }]);

    // The assistant runs on the built-in local model: no key, no network, and it still uses the template.
    await page.goto(`${server.url}/chat?assistant=${assistantId}`);
    await page.getByRole('button', { name: 'Start a chat' }).click();
    await page.getByLabel('Message', { exact: true }).fill('What is your returns policy?');
    await page.getByLabel('Message', { exact: true }).press('Enter');
    const reply = page.getByRole('listitem', { name: 'Shop helper said' }).first();
    await reply.getByText('get_shipping_and_returns_policy').first().waitFor();
    // In the answer itself (the function's result also shows in its collapsed call details).
    await reply.locator('.chat-markdown').getByText(returnsPolicy).waitFor();
    await screenshot(page, 'local-model-template-answer');
    expect(errors).toEqual([]);
  });
});
