import { type ShareTokenProblem, shareTokenProblems } from '@aisle/contracts/sharing';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { assistants, sharedAssistants } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type ShareRow = typeof sharedAssistants.$inferSelect;

/** Why a share does not open a chat now, or null when it does. */
export function shareProblemOf(
  share: Pick<ShareRow, 'isActive' | 'expiresAt'> | null | undefined,
  now = new Date(),
): ShareTokenProblem | null {
  if (!share) return 'not_found';
  if (!share.isActive) return 'inactive';
  if (share.expiresAt && share.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** 404 for a token that names nothing (forged, deleted), 410 for a share turned off or expired. */
export function shareProblemError(problem: ShareTokenProblem): AppError {
  return new AppError(problem === 'not_found' ? 'NOT_FOUND' : 'GONE', shareTokenProblems[problem], { bodyCode: problem });
}

/** Throws the visitor's answer when the share cannot be used; otherwise narrows it. */
export function requireOpenShare<T extends Pick<ShareRow, 'isActive' | 'expiresAt'>>(share: T | null | undefined): asserts share is T {
  const problem = shareProblemOf(share);
  if (problem) throw shareProblemError(problem);
}

/** A usable share and the assistant behind it, by the token in a visitor's link (every public call re-checks it). */
export async function loadOpenShare(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ share: sharedAssistants, assistant: assistants })
    .from(sharedAssistants)
    .innerJoin(
      assistants,
      and(eq(assistants.id, sharedAssistants.originalAssistantId), eq(assistants.ownerEmail, sharedAssistants.ownerEmail)),
    )
    .where(eq(sharedAssistants.shareToken, token))
    .limit(1);
  requireOpenShare(row?.share);
  return row as NonNullable<typeof row>;
}
