import type { ModelMessage } from 'ai';

/** How the shop's own replies appear to the model in a shared thread's history. */
export const STAFF_REPLY_MARKER = "[Reply from the shop's team]";

/**
 * Said to the model on every visitor turn. After a handoff the thread holds replies a person wrote;
 * the model must build on them, not contradict or repeat them (peers' most common handoff complaint:
 * the bot undoing what the human said once it is switched back on).
 */
export const SHARED_CHAT_NOTE = [
  'You are chatting with an anonymous visitor of the shop, through the shop’s public chat.',
  `Earlier assistant messages that start with ${STAFF_REPLY_MARKER} were written by a person from the shop, not by you.`,
  'Treat what they said as correct and final, stay consistent with it, do not repeat it, and never write that marker yourself.',
  // The visitor's page shows each cited passage as a title and a snippet: file names are the shop's own.
  'Cite the shop’s knowledge only by its numbers in square brackets; never name its files and add no list of sources.',
].join(' ');

export interface SharedHistoryRow {
  content: string;
  senderType: string;
  isManualResponse: boolean;
}

/** A shared thread's earlier messages as model messages, oldest first, the staff's replies marked. */
export function sharedHistoryOf(rows: SharedHistoryRow[]): ModelMessage[] {
  return rows.map((row) => {
    if (row.senderType === 'user') return { role: 'user', content: row.content };
    return { role: 'assistant', content: row.isManualResponse ? `${STAFF_REPLY_MARKER} ${row.content}` : row.content };
  });
}

/** A model that copies the marker anyway must not make the visitor think a person wrote the reply. */
export function withoutStaffMarker(text: string): string {
  return text.startsWith(STAFF_REPLY_MARKER) ? text.slice(STAFF_REPLY_MARKER.length).trimStart() : text;
}
