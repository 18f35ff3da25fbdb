import { type ChannelName, channelLabels } from '@aisle/contracts/channels';
import { STAFF_REPLY_MARKER, withoutStaffMarker } from '../shared-threads';

/**
 * Said to the model on every channel turn: where the customer is, that the reply travels as a plain
 * chat message, and (as on the web) that a person from the shop may have answered before: the
 * model builds on those replies rather than contradicting or repeating them.
 */
export function channelNote(channel: ChannelName): string {
  return [
    `You are chatting with a customer of the shop on ${channelLabels[channel]}.`,
    'Your reply is sent as a plain text chat message: no Markdown, no tables, no headings; keep it short, a few sentences.',
    'Do not cite sources with numbers in square brackets.',
    `Earlier assistant messages that start with ${STAFF_REPLY_MARKER} were written by a person from the shop, not by you.`,
    'Treat what they said as correct and final, stay consistent with it, do not repeat it, and never write that marker yourself.',
  ].join(' ');
}

/**
 * The longest text one message may carry on each platform (Messenger 2,000 characters, Instagram
 * 1,000 bytes, WhatsApp 4,096 characters, LINE 5,000): a longer reply is cut at a sentence before it.
 */
const LIMITS: Record<ChannelName, { characters: number; bytes?: number }> = {
  messenger: { characters: 2000 },
  instagram: { characters: 1000, bytes: 1000 },
  whatsapp: { characters: 4096 },
  line: { characters: 5000 },
};

/** A reply as the customer receives it: plain text (Markdown marks and `[n]` markers dropped), within the platform's limit. */
export function plainMessageText(channel: ChannelName, text: string): string {
  const plain = withoutStaffMarker(text)
    .replace(/!?\[([^\]]*)\]\(([^)]*)\)/g, (_all, label: string, url: string) => (label && label !== url ? `${label} (${url})` : url))
    .replace(/\s?\[\d{1,2}\]/g, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}[*+]\s+/gm, '- ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return fitWithin(plain, LIMITS[channel]);
}

function fitWithin(text: string, limit: { characters: number; bytes?: number }): string {
  const fits = (value: string) => value.length <= limit.characters && (!limit.bytes || Buffer.byteLength(value, 'utf8') <= limit.bytes);
  if (fits(text)) return text;
  let cut = text.slice(0, limit.characters - 1);
  while (cut && !fits(`${cut}…`)) cut = cut.slice(0, -1);
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '), cut.lastIndexOf('\n'));
  return sentence > cut.length / 2 ? cut.slice(0, sentence + 1).trimEnd() : `${cut.trimEnd()}…`;
}
