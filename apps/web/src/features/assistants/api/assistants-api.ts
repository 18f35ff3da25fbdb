import type { Assistant, AssistantChanges, CreateAssistantRequest } from '@aisle/contracts/assistants';
import { apiRequest } from '@/lib/api-client';

/** The assistant calls of spec §7 (REST): create, edit, delete. */
type Token = string | null;

export const createAssistant = (token: Token, body: CreateAssistantRequest) =>
  apiRequest<Assistant>('/api/assistant/create/', { body, token });

export const editAssistant = (token: Token, id: string, changes: AssistantChanges) =>
  apiRequest<Assistant>('/api/assistant/edit/', { body: { id, ...changes }, token });

export const deleteAssistant = (token: Token, id: string) => apiRequest<null>('/api/assistant/delete/', { body: { id }, token });
