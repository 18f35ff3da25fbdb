import {
  DEFAULT_SHARE_THEME,
  type PublicAssistant,
  type SharedAssistant,
  type ShareTheme,
  shareThemeSchema,
} from '@aisle/contracts/sharing';
import type { assistants, sharedAssistants } from '../../db/schema';

type ShareRow = typeof sharedAssistants.$inferSelect;
type AssistantRow = typeof assistants.$inferSelect;

/** A share's stored theme, or the default one (rows from before themes, or a theme never chosen). */
export function themeOf(share: Pick<ShareRow, 'theme'>): ShareTheme {
  const parsed = shareThemeSchema.safeParse(share.theme);
  return parsed.success ? parsed.data : DEFAULT_SHARE_THEME;
}

/** A share as its owner sees it on REST (contracts `sharedAssistantSchema`): the token as `{token}` (spec §3). */
export function toSharedAssistant(share: ShareRow): SharedAssistant {
  return {
    id: share.id,
    ownerEmail: share.ownerEmail,
    createdAt: share.createdAt.toISOString(),
    updatedAt: share.updatedAt.toISOString(),
    shareToken: { token: share.shareToken },
    isActive: share.isActive,
    expiresAt: share.expiresAt?.toISOString() ?? null,
    originalAssistantID: share.originalAssistantId,
    assistantName: share.assistantName,
    theme: themeOf(share),
    status: share.status,
    log: share.log,
  };
}

/** The questions offered to a visitor: the assistant's example questions (`assistantUserQA`). */
function suggestedQuestionsOf(qa: unknown): string[] {
  if (!Array.isArray(qa)) return [];
  const questions = qa.flatMap((item) => {
    const question = (item ?? {}) as { question?: unknown };
    return typeof question.question === 'string' && question.question.trim() ? [question.question.trim()] : [];
  });
  return [...new Set(questions)];
}

/** What a visitor sees of a share: nothing of the owner's beyond the assistant's public face. */
export function toPublicAssistant(share: ShareRow, assistant: AssistantRow): PublicAssistant {
  return {
    sharedAssistantId: share.id,
    assistantName: share.assistantName?.trim() || assistant.assistantName,
    assistantAvatarUrl: assistant.assistantAvatarUrl,
    userAvatarUrl: assistant.userAvatarUrl,
    theme: themeOf(share),
    suggestedQuestions: suggestedQuestionsOf(assistant.assistantUserQA),
  };
}
