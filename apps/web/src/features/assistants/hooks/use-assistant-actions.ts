import type { Assistant, CreateAssistantRequest } from '@aisle/contracts/assistants';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/auth-provider';
import { applyCollectionEvent } from '@/features/startup-data/collection-events';
import { startupQueryKey } from '@/features/startup-data/startup-data-provider';
import { applyLinkChange, assistantLinksQueryKey } from '../api/assistant-links-api';
import { createAssistant, deleteAssistant, editAssistant } from '../api/assistants-api';
import { diffLinks } from '../link-diff';
import type { LinkedIds } from '../link-kinds';

/** A save that stored the assistant but not every link: the assistant exists, the form stays. */
export class LinkSaveError extends Error {
  readonly assistant: Assistant;

  constructor(assistant: Assistant, failed: number, cause: unknown) {
    super(`Saved, but ${failed === 1 ? 'one link' : `${failed} links`} could not be updated. Please try again.`, { cause });
    this.name = 'LinkSaveError';
    this.assistant = assistant;
  }
}

/**
 * Saving and deleting assistants: the REST call, then the link calls that turn the current links
 * into the chosen ones. Our own changes show at once; the live events say the same a moment later.
 */
export function useAssistantActions() {
  const { user, sessionStore } = useAuth();
  const queryClient = useQueryClient();

  const applyToAssistants = (event: Parameters<typeof applyCollectionEvent<Assistant>>[1]) =>
    queryClient.setQueryData<Assistant[]>(startupQueryKey('assistants', user?.email), (current) =>
      current ? applyCollectionEvent(current, event, { ignoreDuplicateCreates: true }) : current,
    );
  const refreshLinks = () => queryClient.invalidateQueries({ queryKey: assistantLinksQueryKey(user?.email) });

  const save = async ({
    existing,
    body,
    currentLinks,
    wantedLinks,
  }: {
    existing: Assistant | null;
    body: CreateAssistantRequest;
    currentLinks: LinkedIds;
    wantedLinks: LinkedIds;
  }): Promise<Assistant> => {
    const token = await sessionStore.getValidAccessToken();
    const saved = existing ? await editAssistant(token, existing.id, body) : await createAssistant(token, body);
    applyToAssistants(existing ? { type: 'update', item: { ...existing, ...saved } } : { type: 'create', item: saved });
    const changes = diffLinks(currentLinks, wantedLinks);
    // Independent calls: one failing must not stop the others.
    const results = await Promise.allSettled(changes.map((change) => applyLinkChange(token, saved.id, change)));
    if (changes.length > 0) await refreshLinks();
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length > 0) throw new LinkSaveError(saved, failures.length, failures[0]?.reason);
    return saved;
  };

  const remove = async (assistant: Assistant) => {
    await deleteAssistant(await sessionStore.getValidAccessToken(), assistant.id);
    applyToAssistants({ type: 'delete', id: assistant.id });
    await refreshLinks();
  };

  return { save, remove };
}
