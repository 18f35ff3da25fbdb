import type { FileStatus, RetrievalMode, StoreStatus } from '@aisle/contracts/knowledge';

/** How a chip looks: the tone picks its colours (status-chip.tsx). */
export type ChipTone = 'neutral' | 'info' | 'progress' | 'success' | 'danger' | 'warning';

export interface Chip {
  label: string;
  tone: ChipTone;
  /** Spins an icon while work is under way. */
  busy: boolean;
}

/** What a file row shows: the server's statuses plus "duplicate", which only the upload reports. */
export type FileChipStatus = FileStatus | 'duplicate';

const fileChips: Record<FileChipStatus, Chip> = {
  uploading: { label: 'Uploading', tone: 'info', busy: true },
  queued: { label: 'Queued', tone: 'neutral', busy: false },
  processing: { label: 'Processing', tone: 'progress', busy: true },
  ready: { label: 'Ready', tone: 'success', busy: false },
  failed: { label: 'Failed', tone: 'danger', busy: false },
  duplicate: { label: 'Duplicate', tone: 'warning', busy: false },
};

/** The chip for a file's status; a status this build does not know reads as itself, neutral. */
export function fileStatusChip(status: string | null | undefined): Chip {
  const known = fileChips[(status ?? 'queued') as FileChipStatus];
  return known ?? { label: capitalise(status ?? ''), tone: 'neutral', busy: false };
}

const storeChips: Record<StoreStatus, Chip> = {
  empty: { label: 'Empty', tone: 'neutral', busy: false },
  indexing: { label: 'Indexing', tone: 'progress', busy: true },
  ready: { label: 'Ready', tone: 'success', busy: false },
  attention: { label: 'Needs attention', tone: 'warning', busy: false },
};

/** The chip for a store's overall status; an unknown or missing one reads as "Empty". */
export function storeStatusChip(status: string | null | undefined): Chip {
  return storeChips[(status ?? 'empty') as StoreStatus] ?? storeChips.empty;
}

/** The retrieval hint under a store: lexical until an embedding model is configured. */
export function retrievalModeLabel(mode: string | null | undefined): string {
  return (mode as RetrievalMode) === 'hybrid' ? 'Hybrid search' : 'Lexical search';
}

const capitalise = (text: string) => (text ? text[0]?.toUpperCase() + text.slice(1) : 'Unknown');
