import type { TestSuiteFile } from '@aisle/contracts/test-suites';
import { LoaderCircleIcon, PlusIcon, SparklesIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import type { SuiteCase, SuiteCaseChanges } from '../api/test-cases-api';
import type { AddedCases } from '../api/test-suite-api';
import { TestCaseEditor } from './test-case-editor';
import { type TestCaseActions, TestCaseItem } from './test-case-item';
import { TestSuiteTransfer } from './test-suite-transfer';

export interface TestCasesListActions {
  create: (fields: SuiteCaseChanges & { question: string }) => Promise<unknown>;
  update: (id: string, changes: SuiteCaseChanges) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  generate: () => void;
  generating: boolean;
  exportSuite: () => Promise<TestSuiteFile>;
  importSuite: (suite: TestSuiteFile) => Promise<AddedCases>;
}

/**
 * The suite's questions: add one (open at once when asked to), write more from the store, export
 * and import, and each case to switch off, edit or delete. `notice` says what the last generate or
 * import added.
 */
export function TestCasesList({
  assistantName,
  cases,
  notice,
  problem,
  onImported,
  adding: addingAtFirst = false,
  onAddClosed,
  actions,
}: {
  assistantName: string;
  cases: readonly SuiteCase[];
  notice: string | null;
  /** Why the last generate failed. */
  problem: string | null;
  onImported: (added: AddedCases) => void;
  /** Opens the add form at once. */
  adding?: boolean;
  onAddClosed?: () => void;
  actions: TestCasesListActions;
}) {
  const { t } = useTranslation('assistants');
  const titleId = useId();
  const [adding, setAdding] = useState(addingAtFirst);
  const addButton = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState<{ testCase: SuiteCase; open: boolean } | null>(null);
  const enabled = cases.filter((testCase) => testCase.enabled).length;

  const itemActions: TestCaseActions = {
    onToggle: (testCase, on) =>
      void actions
        .update(testCase.id, { enabled: on })
        .catch((failure: unknown) => toast.error(apiErrorText(failure, t('tests.cases.changeFailed')))),
    onSave: async (testCase, changes) => {
      await actions.update(testCase.id, changes);
      toast.success(t('tests.cases.saved'));
    },
    onDelete: (testCase) => setDeleting({ testCase, open: true }),
  };

  return (
    <section aria-labelledby={titleId} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-medium">
          {t('tests.cases.title')}
        </h3>
        <span className="text-muted-foreground text-xs tabular-nums">{t('tests.cases.count', { count: cases.length, enabled })}</span>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        <Button ref={addButton} type="button" size="sm" onClick={() => setAdding(true)} disabled={adding}>
          <PlusIcon />
          {t('tests.cases.add')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={actions.generate} disabled={actions.generating}>
          {actions.generating ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SparklesIcon />}
          {t('tests.cases.generateMore')}
        </Button>
        <TestSuiteTransfer
          assistantName={assistantName}
          onExport={actions.exportSuite}
          onImport={actions.importSuite}
          onImported={onImported}
        />
      </div>
      <p role="status" className="text-muted-foreground text-sm empty:hidden">
        {notice}
      </p>
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
      {adding ? (
        <TestCaseEditor
          testCase={null}
          onSave={async (fields) => {
            await actions.create(fields);
            toast.success(t('tests.cases.added'));
          }}
          onDone={() => {
            setAdding(false);
            onAddClosed?.();
            // Back from the form, the keyboard is on "Add test question" again.
            requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      ) : null}
      {cases.length ? (
        <ul aria-label={t('tests.cases.listLabel')} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
          {cases.map((testCase) => (
            <TestCaseItem key={testCase.id} testCase={testCase} actions={itemActions} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">{t('tests.cases.empty')}</p>
      )}
      <ConfirmDialog
        open={!!deleting?.open}
        onOpenChange={(open) => !open && setDeleting((current) => (current ? { ...current, open: false } : null))}
        title={t('tests.cases.deleteTitle')}
        confirmLabel={t('tests.cases.deleteConfirm')}
        onConfirm={async () => {
          if (!deleting) return;
          await actions.remove(deleting.testCase.id);
          toast.success(t('tests.cases.deleted'));
        }}
      >
        <p>{t('tests.cases.deleteBody', { question: deleting?.testCase.question ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
