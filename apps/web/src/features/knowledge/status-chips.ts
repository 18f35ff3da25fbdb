import type { FileStatus, RetrievalMode, StoreStatus } from '@aisle/contracts/knowledge';
import { i18n } from '@/i18n/i18n';

/** How a chip looks: the tone picks its colours (status-chip.tsx). */
export type ChipTone = 'neutral' | 'info' | 'progress' | 'success' | 'danger' | 'warning';

export interface Chip {
  /** In the interface's language at the time the chip is asked for (during render). */
  label: string;
  tone: ChipTone;
  /** Spins an icon while work is under way. */
  busy: boolean;
  /** A duplicate upload (drawn with a copy icon). */
  duplicate?: true;
}

/** What a file row shows: the server's statuses plus "duplicate", which only the upload reports. */
export type FileChipStatus = FileStatus | 'duplicate';

const fileChips = {
  uploading: { key: 'fileStatus.uploading', tone: 'info', busy: true },
  queued: { key: 'fileStatus.queued', tone: 'neutral', busy: false },
  processing: { key: 'fileStatus.processing', tone: 'progress', busy: true },
  ready: { key: 'fileStatus.ready', tone: 'success', busy: false },
  failed: { key: 'fileStatus.failed', tone: 'danger', busy: false },
  duplicate: { key: 'fileStatus.duplicate', tone: 'warning', busy: false },
} as const satisfies Record<FileChipStatus, { key: string; tone: ChipTone; busy: boolean }>;

/** The chip for a file's status; a status this build does not know reads as itself, neutral. */
export function fileStatusChip(status: string | null | undefined): Chip {
  const known = fileChips[(status ?? 'queued') as FileChipStatus] as (typeof fileChips)[FileChipStatus] | undefined;
  if (!known) return { label: capitalise(status ?? ''), tone: 'neutral', busy: false };
  const chip: Chip = { label: i18n.t(known.key, { ns: 'knowledge' }), tone: known.tone, busy: known.busy };
  return status === 'duplicate' ? { ...chip, duplicate: true } : chip;
}

const storeChips = {
  empty: { key: 'storeStatus.empty', tone: 'neutral', busy: false },
  indexing: { key: 'storeStatus.indexing', tone: 'progress', busy: true },
  ready: { key: 'storeStatus.ready', tone: 'success', busy: false },
  attention: { key: 'storeStatus.attention', tone: 'warning', busy: false },
} as const satisfies Record<StoreStatus, { key: string; tone: ChipTone; busy: boolean }>;

/** The chip for a store's overall status; an unknown or missing one reads as "Empty". */
export function storeStatusChip(status: string | null | undefined): Chip {
  const known = storeChips[(status ?? 'empty') as StoreStatus] ?? storeChips.empty;
  return { label: i18n.t(known.key, { ns: 'knowledge' }), tone: known.tone, busy: known.busy };
}

/** The retrieval hint under a store: lexical until an embedding model is configured. */
export function retrievalModeLabel(mode: string | null | undefined): string {
  return (mode as RetrievalMode) === 'hybrid' ? i18n.t('knowledge:retrievalMode.hybrid') : i18n.t('knowledge:retrievalMode.lexical');
}

const capitalise = (text: string) => (text ? text[0]?.toUpperCase() + text.slice(1) : i18n.t('knowledge:fileStatus.unknown'));
