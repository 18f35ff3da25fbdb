import { WIZARD_CHECKLIST, WIZARD_FAILED, WIZARD_STEP_COUNT, type WizardFlag } from '@aisle/contracts/setup-wizard';

/** A Wizard record as the start-up collection holds it (spec §3). */
export type WizardRecord = {
  id: string;
  ownerEmail: string;
  currentStep: string;
  status: string | null;
  completed: boolean;
  log?: string | null;
} & Partial<Record<WizardFlag, boolean>>;

/** Spec §2: completed checklist flags out of 10, rounded. */
export function wizardPercentage(record: WizardRecord): number {
  const done = WIZARD_CHECKLIST.filter((item) => record[item.flag]).length;
  return Math.round((done / WIZARD_STEP_COUNT) * 100);
}

/** The checklist rows: done, the first not done (processing), and the rest waiting. */
export function wizardChecklist(record: WizardRecord) {
  const firstOpen = WIZARD_CHECKLIST.findIndex((item) => !record[item.flag]);
  return WIZARD_CHECKLIST.map((item, index) => ({
    ...item,
    state: record[item.flag] ? ('complete' as const) : index === firstOpen ? ('processing' as const) : ('waiting' as const),
  }));
}

export const isFailed = (record: WizardRecord | undefined) => record?.status === WIZARD_FAILED;

/** A run the owner started (its record has a status): the screen shows its progress, not the intro. */
export const hasRun = (record: WizardRecord | undefined) => !!record && !!record.status;
