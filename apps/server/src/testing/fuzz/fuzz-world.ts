import { dataApiModels } from '../../data-api-models';
import { callJson, type Transport } from './fuzz-transport';

/** A signed-in account, with the tokens `POST /api/token/` gave it. */
export interface FuzzUser {
  email: string;
  password: string;
  access: string;
  refresh: string;
}

/**
 * What a campaign's requests can point at: an owner's rows of every kind (and a second owner's, the
 * victim whose ids the owner must never reach), share and visitor tokens, signed upload URLs. Built
 * through the public API only, so the test (inject) and the benchmark (a real process) share it.
 */
export interface FuzzWorld {
  owner: FuzzUser;
  victim: FuzzUser;
  staff: FuzzUser;
  /** A validly signed access token of an account that does not exist (deleted, or never was). */
  ghostAccess: string;
  /** Ids of the owner's rows (and the public ones) by model name, plus `Variable` and `User`. */
  ownerIds: Record<string, string[]>;
  /** The same of the victim and of staff: ids the owner must never reach. */
  otherIds: Record<string, string[]>;
  shareTokens: string[];
  visitorTokens: string[];
  /** Signed upload URLs (`PUT /api/files/upload/{fileId}/?expires&signature`). */
  uploadUrls: string[];
}

export const GOOD_CODE = 'export default async (args) => ({ echo: args })';
/** What a well-formed upload sends to a signed URL: the size the world declares for its files. */
export const UPLOAD_TEXT = '# FAQ\nWe ship abroad in 5 days.\n';

async function graphql(transport: Transport, user: FuzzUser, query: string, variables: Record<string, unknown> = {}) {
  const res = await callJson(transport, 'POST', '/graphql', { token: user.access, json: { query, variables } });
  if (res.body.errors) throw new Error(`setup GraphQL failed: ${JSON.stringify(res.body.errors)}`);
  return res.body.data as Record<string, { id?: string; items?: { id: string }[] }>;
}

async function rest(transport: Transport, user: FuzzUser | null, url: string, json: unknown) {
  const res = await callJson(transport, 'POST', url, { token: user?.access, json });
  if (res.status >= 300) throw new Error(`setup ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

/** One owner's rows: an assistant with a store, a function, a template and threads, a share with a visitor. */
async function seedOwner(transport: Transport, user: FuzzUser, world: FuzzWorld, n = 1) {
  const assistant = await rest(transport, user, '/api/assistant/create/', { assistantName: 'Fuzz helper', instructions: 'Be brief.' });
  const assistantId = assistant.id as string;
  const store = await rest(transport, user, '/api/store/create/', { name: 'Fuzz store' });
  const storeId = store.id as string;
  await rest(transport, user, '/api/thread/create/', { assistantId, name: 'Fuzz chat' });
  const fn = await rest(transport, user, '/api/functions/create/', { name: 'echo', description: 'Echoes', code: GOOD_CODE });
  await rest(transport, user, '/api/assistant/store-add/', { assistantId, storeId });
  await rest(transport, user, '/api/assistant/function-add/', { assistantId, functionId: fn.id });
  await rest(transport, user, '/api/variables/', { name: `API_KEY_${n}`, value: 'secret-value', secret: true });
  const batch = await rest(transport, user, '/api/files/upload-batch/', {
    storeId,
    files: [{ fileName: 'faq.md', contentType: 'text/markdown', size: Buffer.byteLength(UPLOAD_TEXT) }],
  });
  // Issued on PUBLIC_URL's origin; sent to whichever server runs the campaign.
  for (const { uploadUrl } of batch.files as { uploadUrl: string }[]) {
    const url = new URL(uploadUrl, 'http://any.host');
    world.uploadUrls.push(url.pathname + url.search);
  }

  const share = await rest(transport, user, '/api/shared-assistant/create/', { assistantId });
  const shareToken = (share.shareToken as { token: string }).token;
  world.shareTokens.push(shareToken);
  const chat = await rest(transport, null, '/api/shared-chat/message/', { token: shareToken, message: 'Hello, do you ship abroad?' });
  world.visitorTokens.push(chat.visitorToken as string);

  // Templates need their variables set before an assistant may use them.
  const required = await graphql(transport, user, '{ listTemplates(limit: 50) { items { id requiredVariables } } }');
  const names = new Set(
    (required.listTemplates?.items ?? []).flatMap((template) => {
      const list = (template as { requiredVariables?: string | null }).requiredVariables;
      return ((list ? JSON.parse(list) : []) as { name: string }[]).map((variable) => variable.name);
    }),
  );
  if (n === 1) for (const name of names) await rest(transport, user, '/api/variables/', { name, value: 'https://shop.example' });
  const templates = await graphql(transport, user, '{ listTemplateFunctions(limit: 5) { items { id } } }');
  const custom = await graphql(transport, user, 'mutation { createCustomUserTemplate(input: { name: "Fuzz flow" }) { id } }');
  const templateFunctionId = templates.listTemplateFunctions?.items?.[0]?.id;
  if (templateFunctionId) {
    await graphql(transport, user, 'mutation($i: CreateUserTemplateFunctionsInput!) { createUserTemplateFunctions(input: $i) { id } }', {
      i: { customUserTemplateId: custom.createCustomUserTemplate?.id, templateFunctionId },
    });
  }
  await graphql(transport, user, 'mutation { createConversation(input: { name: "Fuzz talk", metadata: "{}" }) { id } }');
  await graphql(transport, user, 'mutation { createWizard(input: { currentStep: "NOT_STARTED", completed: false }) { id } }');
}

/** The account id an access token names (its `user_id` claim). */
const userIdOf = (access: string) =>
  (JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id: string }).user_id;

/** Every id the user can read, by model (templates and announcements are everyone's), and their variables'. */
async function harvestIds(transport: Transport, user: FuzzUser, into: Record<string, string[]>) {
  const add = (model: string, ids: string[]) => {
    into[model] = [...new Set([...(into[model] ?? []), ...ids])];
  };
  // A few lists per operation, so each stays well inside the cost limit.
  for (let i = 0; i < dataApiModels.length; i += 6) {
    const models = dataApiModels.slice(i, i + 6);
    const data = await graphql(
      transport,
      user,
      `{ ${models.map((m) => `${m.name}: list${m.plural}(limit: 20) { items { id } }`).join(' ')} }`,
    );
    for (const model of models)
      add(
        model.name,
        (data[model.name]?.items ?? []).map((item) => item.id),
      );
  }
  const variables = await callJson(transport, 'GET', '/api/variables/', { token: user.access });
  add(
    'Variable',
    ((variables.body.results ?? []) as { id: string }[]).map((variable) => variable.id),
  );
  add('User', [userIdOf(user.access)]);
  // Messaging accounts are REST-only (GET meta/social/): `accountId` fields draw from these.
  const social = await callJson(transport, 'GET', '/api/meta/social/', { token: user.access });
  add(
    'Account',
    ((social.body.channels ?? []) as { accounts: { id: string }[] }[]).flatMap((channel) => channel.accounts.map((account) => account.id)),
  );
}

export interface FuzzAccounts {
  owner: FuzzUser;
  victim: FuzzUser;
  staff: FuzzUser;
  ghostAccess: string;
}

export async function buildFuzzWorld(transport: Transport, users: FuzzAccounts) {
  const world: FuzzWorld = { ...users, ownerIds: {}, otherIds: {}, shareTokens: [], visitorTokens: [], uploadUrls: [] };
  // The owner gets two of everything: the first well-formed delete of a kind leaves one to aim at.
  await seedOwner(transport, users.owner, world, 1);
  await seedOwner(transport, users.owner, world, 2);
  await seedOwner(transport, users.victim, world);
  await rest(transport, users.staff, '/api/notifications/send/', { email: users.owner.email, title: 'Hello', content: 'Welcome aboard' });
  await rest(transport, users.staff, '/api/notifications/send/', { email: users.victim.email, title: 'Hello', content: 'Welcome aboard' });
  await harvestIds(transport, users.owner, world.ownerIds);
  for (const user of [users.victim, users.staff]) await harvestIds(transport, user, world.otherIds);
  return world;
}
