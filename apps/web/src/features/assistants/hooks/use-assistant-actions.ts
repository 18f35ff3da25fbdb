import { ASSISTANT_AVATAR_KINDS, type Assistant, type AssistantAvatarKind, type CreateAssistantRequest } from '@aisle/contracts/assistants';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { applyCollectionEvent } from '@/app/startup-data/collection-events';
import { startupQueryKey } from '@/app/startup-data/startup-data-provider';
import { i18n } from '@/i18n/i18n';
import { apiErrorText } from '@/lib/api-error-text';
import { applyLinkChange, assistantLinksQueryKey } from '../api/assistant-links-api';
import { createAssistant, deleteAssistant, editAssistant } from '../api/assistants-api';
import { type UploadAssistantAvatarInput, uploadAssistantAvatar } from '../api/upload-assistant-avatar';
import { diffLinks, type LinkChange } from '../link-diff';
import type { LinkFailure } from '../link-failure';
import type { LinkedIds } from '../link-kinds';

/** A save that stored the assistant but not every link: the assistant exists; each refused link with its reason. */
export class LinkSaveError extends Error {
  readonly assistant: Assistant;
  readonly failures: readonly LinkFailure[];

  constructor(assistant: Assistant, failures: readonly LinkFailure[]) {
    super(i18n.t('assistants:saveErrors.links', { count: failures.length }), { cause: failures[0]?.error });
    this.name = 'LinkSaveError';
    this.assistant = assistant;
    this.failures = failures;
  }
}

/** Images chosen in the form of an assistant not created yet, uploaded once it exists. */
export type PendingAvatars = Partial<Record<AssistantAvatarKind, File>>;

/** A save that stored the assistant but not a picture chosen for it: the assistant exists. */
export class AvatarSaveError extends Error {
  readonly assistant: Assistant;

  constructor(assistant: Assistant, cause: unknown) {
    super(i18n.t('assistants:saveErrors.avatar', { reason: apiErrorText(cause, i18n.t('assistants:saveErrors.tryAgain')) }), {
      cause,
    });
    this.name = 'AvatarSaveError';
    this.assistant = assistant;
  }
}

/**
 * Saving and deleting assistants: the REST call, then the link calls that turn the current links
 * into the chosen ones, and the uploads of pictures chosen before the assistant existed. Our own
 * changes show at once; the live events say the same a moment later.
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
    avatars = {},
  }: {
    existing: Assistant | null;
    body: CreateAssistantRequest;
    currentLinks: LinkedIds;
    wantedLinks: LinkedIds;
    avatars?: PendingAvatars;
  }): Promise<Assistant> => {
    const token = await sessionStore.getValidAccessToken();
    const saved = existing ? await editAssistant(token, existing.id, body) : await createAssistant(token, body);
    applyToAssistants(existing ? { type: 'update', item: { ...existing, ...saved } } : { type: 'create', item: saved });
    const changes = diffLinks(currentLinks, wantedLinks);
    // Independent calls: one failing must not stop the others.
    const [results, uploads] = await Promise.all([
      Promise.allSettled(changes.map((change) => applyLinkChange(token, saved.id, change))),
      uploadPending(saved, avatars, token),
    ]);
    if (changes.length > 0) await refreshLinks();
    const failures = changes.flatMap((change, index) => {
      const result = results[index];
      return result?.status === 'rejected' ? [{ change, error: result.reason as unknown }] : [];
    });
    if (failures.length > 0) throw new LinkSaveError(saved, failures);
    if (uploads.failures.length > 0) throw new AvatarSaveError(uploads.latest, uploads.failures[0]);
    return uploads.latest;
  };

  /**
   * One picture after the other: each answer is the whole assistant, so the last one holds both
   * pictures, and the list never shows an older answer over a newer one.
   */
  const uploadPending = async (assistant: Assistant, avatars: PendingAvatars, token: string | null) => {
    let latest = assistant;
    const failures: unknown[] = [];
    for (const kind of ASSISTANT_AVATAR_KINDS) {
      const file = avatars[kind];
      if (!file) continue;
      try {
        latest = await uploadAvatar({ assistantId: assistant.id, kind, file }, token);
      } catch (failure) {
        failures.push(failure);
      }
    }
    return { latest, failures };
  };

  /** Uploads a picture for a saved assistant; the list shows it at once, the live event says the same later. */
  const uploadAvatar = async (input: UploadAssistantAvatarInput, token?: string | null): Promise<Assistant> => {
    const updated = await uploadAssistantAvatar(token === undefined ? await sessionStore.getValidAccessToken() : token, input);
    applyToAssistants({ type: 'update', item: updated });
    return updated;
  };

  /** One link call again (a refused link, once its cause is fixed); throws the API's error. */
  const retryLink = async (assistantId: string, change: LinkChange) => {
    await applyLinkChange(await sessionStore.getValidAccessToken(), assistantId, change);
    await refreshLinks();
  };

  const remove = async (assistant: Assistant) => {
    await deleteAssistant(await sessionStore.getValidAccessToken(), assistant.id);
    applyToAssistants({ type: 'delete', id: assistant.id });
    await refreshLinks();
  };

  return { save, remove, uploadAvatar, retryLink };
}
