import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { i18n } from '@/i18n/i18n';
import type { DataClient } from '@/lib/graphql-client';
import {
  type CustomTemplate,
  createCustomTemplate,
  customTemplatesQueryKey,
  deleteCustomTemplate,
  linkTemplateFunction,
  listCustomTemplates,
  renameCustomTemplate,
  unlinkTemplateFunction,
} from '../api/custom-templates-api';

export interface CustomTemplateDraft {
  name: string;
  templateFunctionIds: string[];
}

/** A save that stored the template but not every pick. */
export class PickSaveError extends Error {
  constructor(failed: number, cause: unknown) {
    super(i18n.t('templates:customTemplates.pickSaveFailed', { count: failed }), { cause });
    this.name = 'PickSaveError';
  }
}

/**
 * The owner's custom templates with create, edit and delete. Creating makes the template, then one
 * link per picked function; editing adds and removes only the links that changed.
 */
export function useCustomTemplates() {
  const { client } = useAppSync();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = customTemplatesQueryKey(user?.email);

  const query = useQuery({
    queryKey,
    queryFn: () => listCustomTemplates(connected(client)),
    enabled: !!client,
  });

  const save = async (existing: CustomTemplate | null, draft: CustomTemplateDraft) => {
    const data = connected(client);
    const name = draft.name.trim();
    let id = existing?.id;
    if (!id) id = (await createCustomTemplate(data, name)).id;
    else if (existing && existing.name !== name) await renameCustomTemplate(data, id, name);
    const current = existing?.links ?? [];
    const wanted = new Set(draft.templateFunctionIds);
    const have = new Set(current.map((link) => link.templateFunctionId));
    const templateId = id;
    // Independent calls: one failing must not stop the others.
    const results = await Promise.allSettled([
      ...[...wanted].filter((fnId) => !have.has(fnId)).map((fnId) => linkTemplateFunction(data, templateId, fnId)),
      ...current.filter((link) => !wanted.has(link.templateFunctionId)).map((link) => unlinkTemplateFunction(data, link.id)),
    ]);
    await queryClient.invalidateQueries({ queryKey });
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length > 0) throw new PickSaveError(failures.length, failures[0]?.reason);
  };

  const remove = async (id: string) => {
    await deleteCustomTemplate(connected(client), id);
    queryClient.setQueryData<CustomTemplate[]>(queryKey, (items) => items?.filter((item) => item.id !== id));
  };

  return { query, save, remove };
}

function connected(client: DataClient | null): DataClient {
  if (!client) throw new Error('Not connected yet. Please try again in a moment.');
  return client;
}
