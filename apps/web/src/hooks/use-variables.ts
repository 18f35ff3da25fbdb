import type { VariableItem, VariableRequest } from '@aisle/contracts/functions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createVariable, deleteVariable, listAllVariables, updateVariable } from '@/lib/variables-api';

/** A valid access token, refreshed first when needed (the session store's `getValidAccessToken`). */
type GetToken = () => Promise<string | null>;

export const variablesQueryKey = ['variables'] as const;

/**
 * All the owner's variables (every page), in the server's order. Shared: the variables panel
 * manages them, functions and templates read them. Only signed-in screens mount it; the caller
 * passes its session's token.
 */
export function useVariables(getToken: GetToken) {
  return useQuery<VariableItem[]>({
    queryKey: variablesQueryKey,
    queryFn: async () => listAllVariables(await getToken()),
  });
}

/** Create, change (PATCH) and delete a variable; each refreshes `['variables']` when it succeeds. */
export function useVariableMutations(getToken: GetToken) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: variablesQueryKey });

  const create = useMutation({
    mutationFn: async (body: VariableRequest) => createVariable(await getToken(), body),
    onSuccess: invalidate,
  });

  const update = useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Partial<VariableRequest> }) => updateVariable(await getToken(), id, changes),
    onSuccess: invalidate,
  });

  const remove = useMutation({
    mutationFn: async (id: string) => deleteVariable(await getToken(), id),
    onSuccess: invalidate,
  });

  return { create, update, remove };
}
