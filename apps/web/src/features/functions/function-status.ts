import type { FunctionStatus } from '@aisle/contracts/functions';
import { i18n } from '@/i18n/i18n';

export type StatusTone = 'neutral' | 'warning' | 'danger' | 'success';

export interface StatusInfo {
  label: string;
  tone: StatusTone;
  /** One sentence on what the status means and what to do next. */
  hint: string;
}

/** The statuses of the contract in plain words (see `functionStatuses`), as keys of the `functions` namespace. */
const statusInfo = {
  draft: { label: 'functions:status.draft.label', tone: 'neutral', hint: 'functions:status.draft.hint' },
  invalid: { label: 'functions:status.invalid.label', tone: 'warning', hint: 'functions:status.invalid.hint' },
  violating: { label: 'functions:status.violating.label', tone: 'danger', hint: 'functions:status.violating.hint' },
  ready: { label: 'functions:status.ready.label', tone: 'success', hint: 'functions:status.ready.hint' },
  failed: { label: 'functions:status.failed.label', tone: 'danger', hint: 'functions:status.failed.hint' },
} as const satisfies Record<FunctionStatus, StatusInfo>;

const unknownStatus = { label: 'functions:status.unknown.label', tone: 'neutral', hint: 'functions:status.unknown.hint' } as const;

/** A status's label, tone and hint, in the interface's language at the time of the call. */
export function functionStatusInfo(status: string | null | undefined): StatusInfo {
  const info = status && status in statusInfo ? statusInfo[status as FunctionStatus] : unknownStatus;
  return { tone: info.tone, label: i18n.t(info.label), hint: i18n.t(info.hint) };
}

/** Fix proposes a correction for code that does not parse or whose last run failed. */
export const canFix = (status: string | null | undefined) => status === 'failed' || status === 'invalid';

/** `violatingBecause` may hold several sentences, one a line. */
export const violationReasons = (text: string | null | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
