import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';
import type { TemplateFunctionItem } from '../template-fields';

/**
 * The owner's custom user templates (spec §3 CustomUserTemplate, UserTemplateFunctions link; §7):
 * listed with their links and the template functions they point to, created and deleted, and
 * their picks changed one link at a time. No live events: the screen refetches after its changes.
 */
export interface TemplateFunctionLink {
  /** The UserTemplateFunctions record, deleted to remove the pick. */
  id: string;
  templateFunctionId: string;
  templateFunction: TemplateFunctionItem | null;
}

export interface CustomTemplate {
  id: string;
  name: string;
  createdAt: string;
  links: TemplateFunctionLink[];
}

const LIST = graphql(`query ListCustomUserTemplates($limit: Int, $nextToken: String) {
  listCustomUserTemplates(limit: $limit, nextToken: $nextToken) {
    items {
      id name createdAt
      templateFunctions(limit: 999) { items { id templateFunctionId templateFunction { id active name description variables returnType templateID } } }
    }
    nextToken
  }
}`);
// The links' page above is STARTUP_PAGE_SIZE, written out: a typed operation's text is a literal.

const CREATE = graphql(`mutation CreateCustomUserTemplate($input: CreateCustomUserTemplateInput!) {
  createCustomUserTemplate(input: $input) { id name createdAt }
}`);
const RENAME = graphql(`mutation UpdateCustomUserTemplate($input: UpdateCustomUserTemplateInput!) {
  updateCustomUserTemplate(input: $input) { id name }
}`);
const DELETE = graphql(
  `mutation DeleteCustomUserTemplate($input: DeleteCustomUserTemplateInput!) { deleteCustomUserTemplate(input: $input) { id } }`,
);
const LINK = graphql(`mutation CreateUserTemplateFunctions($input: CreateUserTemplateFunctionsInput!) {
  createUserTemplateFunctions(input: $input) { id templateFunctionId }
}`);
const UNLINK = graphql(
  `mutation DeleteUserTemplateFunctions($input: DeleteUserTemplateFunctionsInput!) { deleteUserTemplateFunctions(input: $input) { id } }`,
);

export async function listCustomTemplates(client: DataClient): Promise<CustomTemplate[]> {
  const result: CustomTemplate[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof LIST> = await client.request(LIST, { limit: STARTUP_PAGE_SIZE, nextToken });
    for (const raw of data.listCustomUserTemplates?.items ?? []) {
      if (!raw) continue;
      const links = (raw.templateFunctions?.items ?? []).filter((link) => !!link);
      result.push({ id: raw.id, name: raw.name, createdAt: raw.createdAt, links });
    }
    nextToken = data.listCustomUserTemplates?.nextToken ?? null;
  } while (nextToken);
  // Newest first, as the owner just made them.
  return result.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export const createCustomTemplate = async (client: DataClient, name: string) =>
  required((await client.request(CREATE, { input: { name } })).createCustomUserTemplate, 'createCustomUserTemplate');

export const renameCustomTemplate = (client: DataClient, id: string, name: string) => client.request(RENAME, { input: { id, name } });

/** The server deletes the template's links with it. */
export const deleteCustomTemplate = (client: DataClient, id: string) => client.request(DELETE, { input: { id } });

export const linkTemplateFunction = (client: DataClient, customUserTemplateId: string, templateFunctionId: string) =>
  client.request(LINK, { input: { customUserTemplateId, templateFunctionId } });

export const unlinkTemplateFunction = (client: DataClient, linkId: string) => client.request(UNLINK, { input: { id: linkId } });

export const customTemplatesQueryKey = (ownerEmail: string | undefined) => ['custom-user-templates', ownerEmail ?? ''] as const;
