import type { VariableItem, VariableRequest } from '@aisle/contracts/functions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { createVariable, deleteVariable, listAllVariables, updateVariable } from '../api/variables-api';

export const variablesQueryKey = ['variables'] as const;

/** All the owner's variables (every page), in the server's order. Only signed-in screens mount it. */
export function useVariables() {
  const { sessionStore } = useAuth();
  return useQuery<VariableItem[]>({
    queryKey: variablesQueryKey,
    queryFn: async () => listAllVariables(await sessionStore.getValidAccessToken()),
  });
}

/** Create, change (PATCH) and delete a variable; each refreshes `['variables']` when it succeeds. */
export function useVariableMutations() {
  const { sessionStore } = useAuth();
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: variablesQueryKey });

  const create = useMutation({
    mutationFn: async (body: VariableRequest) => createVariable(await sessionStore.getValidAccessToken(), body),
    onSuccess: invalidate,
  });

  const update = useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Partial<VariableRequest> }) =>
      updateVariable(await sessionStore.getValidAccessToken(), id, changes),
    onSuccess: invalidate,
  });

  const remove = useMutation({
    mutationFn: async (id: string) => deleteVariable(await sessionStore.getValidAccessToken(), id),
    onSuccess: invalidate,
  });

  return { create, update, remove };
}
