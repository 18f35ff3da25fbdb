import type { FixFunctionResponse, FunctionItem } from '@aisle/contracts/functions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/lib/api-error-text';
import { type FieldErrors, serverFieldErrors } from '../form-errors';
import { changesFromDraft, type FunctionDraft } from '../function-draft';
import { useFunctionActions } from './use-function-actions';
import { useFunctionDraft } from './use-function-draft';

type Busy = 'save' | 'initialize' | 'fix' | null;

/**
 * What the function view does: save (checked with the contract first), initialize, ask for a fix
 * and apply it, run and delete. Initialize, fix and run work on the stored function, so unsaved
 * edits are saved before them.
 */
export function useFunctionWorkspace(fn: FunctionItem) {
  const { t } = useTranslation('functions');
  const actions = useFunctionActions();
  const editor = useFunctionDraft(fn);
  const { draft, dirty, change, markSaved, reset } = editor;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [proposal, setProposal] = useState<FixFunctionResponse | null>(null);

  const save = async (override: Partial<FunctionDraft> = {}): Promise<boolean> => {
    const next = { ...draft, ...override };
    const checked = changesFromDraft(next);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(t('toasts.notSaved'));
      return false;
    }
    setErrors({});
    setBusy('save');
    try {
      await actions.save(fn.id, checked.changes);
      markSaved(next);
      toast.success(t('toasts.saved'));
      return true;
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      toast.error(apiErrorText(failure, t('toasts.saveFailed')));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const saveIfDirty = async () => !dirty || (await save());

  /** Throws on failure, for the confirmation dialog to show. */
  const initialize = async () => {
    if (!(await saveIfDirty())) return;
    setBusy('initialize');
    try {
      reset(await actions.initialize(fn.id));
      setProposal(null);
      toast.success(t('toasts.initialized'));
    } finally {
      setBusy(null);
    }
  };

  const fix = async () => {
    if (!(await saveIfDirty())) return;
    setBusy('fix');
    try {
      setProposal(await actions.fix(fn.id));
    } catch (failure) {
      toast.error(apiErrorText(failure, t('toasts.fixFailed')));
    } finally {
      setBusy(null);
    }
  };

  const applyFix = async () => {
    if (!proposal) return;
    change({ code: proposal.code });
    if (await save({ code: proposal.code })) setProposal(null);
  };

  /** null when unsaved edits could not be saved (the save said why). */
  const run = async (args: Record<string, unknown>) => ((await saveIfDirty()) ? actions.run(fn.id, args) : null);

  return {
    editor,
    errors,
    busy,
    proposal,
    save,
    initialize,
    /** Initialize without a confirmation: failures become a toast. */
    initializeNow: () => initialize().catch((failure: unknown) => toast.error(apiErrorText(failure, t('toasts.initializeFailed')))),
    fix,
    applyFix,
    discardFix: () => setProposal(null),
    run,
    remove: () => actions.remove(fn.id),
  };
}

export type FunctionWorkspace = ReturnType<typeof useFunctionWorkspace>;
