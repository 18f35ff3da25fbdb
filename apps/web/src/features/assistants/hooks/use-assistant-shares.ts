import type { SharedAssistantCreate, SharedAssistantUpdate } from '@aisle/contracts/sharing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { i18n } from '@/i18n/i18n';
import type { DataClient } from '@/lib/graphql-client';
import {
  type AssistantShare,
  assistantSharesQueryKey,
  createAssistantShare,
  deleteAssistantShare,
  listAssistantShares,
  updateAssistantShare,
} from '../api/shared-assistants-api';

/**
 * One assistant's share links with create, change and delete. The list follows each answer at
 * once; turning a link on or off shows at once and goes back if the server refuses.
 */
export function useAssistantShares(assistantId: string) {
  const { client } = useAppSync();
  const { user, sessionStore } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = assistantSharesQueryKey(user?.email, assistantId);

  const query = useQuery({
    queryKey,
    queryFn: () => listAssistantShares(client as DataClient, assistantId),
    enabled: !!client,
  });

  const change = (edit: (shares: AssistantShare[]) => AssistantShare[]) =>
    queryClient.setQueryData<AssistantShare[]>(queryKey, (shares) => edit(shares ?? []));
  const replace = (share: AssistantShare) => change((shares) => shares.map((item) => (item.id === share.id ? share : item)));

  const create = useMutation({
    mutationFn: async (body: Omit<SharedAssistantCreate, 'assistantId'>) =>
      createAssistantShare(await sessionStore.getValidAccessToken(), { assistantId, ...body }),
    onSuccess: (share) => change((shares) => [share, ...shares.filter((item) => item.id !== share.id)]),
  });

  const update = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SharedAssistantUpdate }) => {
      if (!client) throw new Error(i18n.t('assistants:saveErrors.notConnected'));
      return updateAssistantShare(client, id, changes);
    },
    // Only the on/off switch is shown before the answer; an expiry or colours wait for it.
    onMutate: ({ id, changes }) => {
      const before = query.data?.find((share) => share.id === id);
      if (before && changes.isActive !== undefined) replace({ ...before, isActive: changes.isActive });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) replace(context.before);
    },
    onSuccess: replace,
  });

  const remove = useMutation({
    mutationFn: async (id: string) => deleteAssistantShare(await sessionStore.getValidAccessToken(), id),
    onSuccess: (_result, id) => change((shares) => shares.filter((share) => share.id !== id)),
  });

  return { shares: query.data ?? [], isLoading: query.isPending, error: query.error, create, update, remove };
}
