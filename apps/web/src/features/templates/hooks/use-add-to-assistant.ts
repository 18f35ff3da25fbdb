import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { type AddTarget, addToAssistant } from '../api/add-to-assistant-api';

/** Adds a template or custom template to an assistant; throws the API's error for the form to show. */
export function useAddToAssistant() {
  const { sessionStore } = useAuth();
  const queryClient = useQueryClient();
  return async (assistantId: string, target: AddTarget) => {
    await addToAssistant(await sessionStore.getValidAccessToken(), assistantId, target);
    // The Assistants screen's link checklist reads this key (features do not import each other).
    await queryClient.invalidateQueries({ queryKey: ['assistant-links'] });
  };
}
