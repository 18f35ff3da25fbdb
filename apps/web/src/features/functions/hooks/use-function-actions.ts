import type { CreateFunctionRequest, FunctionItem } from '@aisle/contracts/functions';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { applyCollectionEvent, type CollectionEvent } from '@/app/startup-data/collection-events';
import { startupQueryKey } from '@/app/startup-data/startup-data-provider';
import { createFunction, deleteFunction, fixFunction, initializeFunction, runFunction } from '../api/functions-api';
import { functionQueryKey } from '../api/get-function';
import { type FunctionChanges, updateFunction } from '../api/update-function';

/**
 * Every change to a function: the call, then the answer written into the start-up list and the
 * function's own cache, so the screen shows it at once; the live events say the same a moment later.
 */
export function useFunctionActions() {
  const { user, sessionStore } = useAuth();
  const { client } = useAppSync();
  const queryClient = useQueryClient();
  const token = () => sessionStore.getValidAccessToken();

  const applyToList = (event: CollectionEvent<FunctionItem>) =>
    queryClient.setQueryData<FunctionItem[]>(startupQueryKey('functions', user?.email), (current) =>
      current ? applyCollectionEvent(current, event, { ignoreDuplicateCreates: true }) : current,
    );

  /** Records an answer; fields it leaves out (a list row has no code) keep their known values. */
  const publish = (fn: FunctionItem, type: 'create' | 'update' = 'update') => {
    const merged = { ...queryClient.getQueryData<FunctionItem>(functionQueryKey(fn.id)), ...fn };
    queryClient.setQueryData(functionQueryKey(fn.id), merged);
    applyToList({ type, item: merged });
    return merged;
  };

  return {
    create: async (body: CreateFunctionRequest) => publish(await createFunction(await token(), body), 'create'),
    initialize: async (id: string) => publish(await initializeFunction(await token(), id)),
    fix: async (id: string) => fixFunction(await token(), id),
    save: async (id: string, changes: FunctionChanges) => {
      if (!client) throw new Error('No current user');
      return publish(await updateFunction(client, id, changes));
    },
    run: async (id: string, args: Record<string, unknown>) => {
      const response = await runFunction(await token(), id, args);
      return { ...response, function: publish(response.function) };
    },
    remove: async (id: string) => {
      await deleteFunction(await token(), id);
      applyToList({ type: 'delete', id });
      queryClient.removeQueries({ queryKey: functionQueryKey(id) });
    },
  };
}

export type FunctionActions = ReturnType<typeof useFunctionActions>;
