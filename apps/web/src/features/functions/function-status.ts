import type { FunctionStatus } from '@aisle/contracts/functions';

export type StatusTone = 'neutral' | 'warning' | 'danger' | 'success';

export interface StatusInfo {
  label: string;
  tone: StatusTone;
  /** One sentence on what the status means and what to do next. */
  hint: string;
}

/** The statuses of the contract in plain words (see `functionStatuses`). */
const statusInfo: Record<FunctionStatus, StatusInfo> = {
  draft: { label: 'No code yet', tone: 'neutral', hint: 'Write the code, or let Initialize write a starter from the description.' },
  invalid: {
    label: 'Code has errors',
    tone: 'warning',
    hint: 'The code does not parse or has no default export. Fix can propose a correction.',
  },
  violating: { label: 'Breaks rules', tone: 'danger', hint: 'The code breaks a sandbox rule; it cannot be linked or run until fixed.' },
  ready: { label: 'Ready', tone: 'success', hint: 'Checked, and its last run (if any) succeeded.' },
  failed: { label: 'Last run failed', tone: 'danger', hint: 'The last run failed. Fix can propose a correction.' },
};

const unknownStatus: StatusInfo = { label: 'Not checked', tone: 'neutral', hint: 'Save the code to have it checked.' };

export const functionStatusInfo = (status: string | null | undefined): StatusInfo =>
  status && status in statusInfo ? statusInfo[status as FunctionStatus] : unknownStatus;

/** Fix proposes a correction for code that does not parse or whose last run failed. */
export const canFix = (status: string | null | undefined) => status === 'failed' || status === 'invalid';

/** `violatingBecause` may hold several sentences, one a line. */
export const violationReasons = (text: string | null | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
