import { apiRequest } from '@/lib/api-client';

type Token = string | null;

/**
 * Linking a template or a custom template to an assistant (spec §7 REST). template-add/ answers
 * 201, or 200 when already linked; 400 `{detail: missingVariablesText(names)}` when a required
 * variable is not set.
 */
export type AddTarget = { kind: 'template'; id: string } | { kind: 'custom'; id: string };

export const addToAssistant = (token: Token, assistantId: string, target: AddTarget) =>
  target.kind === 'template'
    ? apiRequest<unknown>('/api/assistant/template-add/', { body: { assistantId, templateId: target.id }, token })
    : apiRequest<unknown>('/api/assistant/custom-user-template-add/', { body: { assistantId, customUserTemplateId: target.id }, token });
