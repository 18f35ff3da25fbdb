import { z } from 'zod';
import { SHARED_MESSAGE_MAX_LENGTH } from './visitor-chat';

/** The owner's live inbox of visitor threads (spec §7 Shared chat, handoff). */

const blank = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** The shop's hand-written answer in the inbox (`sendManualReply`): same bounds as a visitor's message. */
export const manualReplySchema = z.object({
  content: z.string().trim().min(1, blank).max(SHARED_MESSAGE_MAX_LENGTH, tooLong(SHARED_MESSAGE_MAX_LENGTH)),
});
