import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import type { DataClient } from '@/lib/graphql-client';
import type { TemplateFunctionItem } from '../template-fields';

/** The template functions of one template (spec §7 indexed query templateFunctionsByTemplateID). */
const BY_TEMPLATE = graphql(`query TemplateFunctionsByTemplateID($templateID: ID!, $limit: Int, $nextToken: String) {
  templateFunctionsByTemplateID(templateID: $templateID, sortDirection: ASC, limit: $limit, nextToken: $nextToken) {
    items { id active name description functionAssistantDefinition variables returnType templateID }
    nextToken
  }
}`);

export async function listTemplateFunctions(client: DataClient, templateID: string): Promise<TemplateFunctionItem[]> {
  const items: TemplateFunctionItem[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof BY_TEMPLATE> = await client.request(BY_TEMPLATE, { templateID, limit: STARTUP_PAGE_SIZE, nextToken });
    for (const item of data.templateFunctionsByTemplateID?.items ?? []) if (item) items.push(item);
    nextToken = data.templateFunctionsByTemplateID?.nextToken ?? null;
  } while (nextToken);
  return items;
}

/** The functions of every given template, by template id. */
export async function loadTemplateFunctions(client: DataClient, templateIds: readonly string[]) {
  const lists = await Promise.all(templateIds.map((id) => listTemplateFunctions(client, id)));
  return Object.fromEntries(templateIds.map((id, index) => [id, lists[index] ?? []])) as Record<string, TemplateFunctionItem[]>;
}

export const templateFunctionsQueryKey = (templateIds: readonly string[]) => ['template-functions', [...templateIds].sort()] as const;
