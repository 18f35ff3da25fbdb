import type { TestCaseKind, TestCaseOrigin } from '@aisle/contracts/test-suites';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/form-controls';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { SuiteCase, SuiteCaseChanges } from '../api/test-cases-api';
import { TestCaseEditor } from './test-case-editor';

const KIND_KEYS = {
  faq: 'tests.kind.faq',
  product: 'tests.kind.product',
  comparison: 'tests.kind.comparison',
  follow_up: 'tests.kind.followUp',
  unanswerable: 'tests.kind.unanswerable',
  custom: 'tests.kind.custom',
  conversation: 'tests.kind.conversation',
} as const satisfies Record<TestCaseKind, string>;

const ORIGIN_KEYS = {
  store: 'tests.origin.store',
  model: 'tests.origin.model',
  owner: 'tests.origin.owner',
  conversation: 'tests.origin.conversation',
  import: 'tests.origin.import',
} as const satisfies Record<TestCaseOrigin, string>;

export interface TestCaseActions {
  onToggle: (testCase: SuiteCase, enabled: boolean) => void;
  onSave: (testCase: SuiteCase, changes: SuiteCaseChanges) => Promise<void>;
  onDelete: (testCase: SuiteCase) => void;
}

/** One test question: what it asks, the fact expected, where it came from, on or off, edit in place, delete. */
export function TestCaseItem({ testCase, actions }: { testCase: SuiteCase; actions: TestCaseActions }) {
  const { t } = useTranslation('assistants');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const question = testCase.question;
  // Back from the form, the keyboard is where it was: on this case's Edit button.
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (editing) {
    return (
      <li aria-label={question} className="min-w-0">
        <TestCaseEditor testCase={testCase} onSave={(changes) => actions.onSave(testCase, changes)} onDone={stopEditing} />
      </li>
    );
  }
  return (
    <li aria-label={question} className={cn('grid min-w-0 gap-2 rounded-xl border bg-card p-4', !testCase.enabled && 'bg-card/60')}>
      <div className="flex min-w-0 items-start gap-3">
        <div className={cn('min-w-0 flex-1', !testCase.enabled && 'text-muted-foreground')}>
          <p className="wrap-anywhere font-medium">{question}</p>
          {testCase.followUp ? (
            <p className="wrap-anywhere text-muted-foreground text-sm">{t('tests.followUpThen', { question: testCase.followUp })}</p>
          ) : null}
        </div>
        <label htmlFor={`${id}-enabled`} className="flex shrink-0 items-center gap-2 text-muted-foreground text-xs">
          <span aria-hidden="true">{testCase.enabled ? t('tests.cases.on') : t('tests.cases.off')}</span>
          <Switch
            id={`${id}-enabled`}
            aria-label={t('tests.cases.enabledLabel', { question })}
            checked={testCase.enabled}
            onCheckedChange={(on) => actions.onToggle(testCase, on)}
          />
        </label>
      </div>
      <p className="wrap-anywhere text-sm">
        <span className="text-muted-foreground">{t('tests.cases.expected')} </span>
        {testCase.expectRefusal ? t('tests.expectDecline') : testCase.expected}
      </p>
      <div className="flex min-w-0 flex-wrap items-center gap-1.5">
        <Badge variant="secondary">{t(KIND_KEYS[testCase.kind])}</Badge>
        <Badge variant="outline">{t(ORIGIN_KEYS[testCase.origin])}</Badge>
        {testCase.acceptedAnswer ? <Badge variant="outline">{t('tests.cases.acceptedAnswer')}</Badge> : null}
        {testCase.source && testCase.origin !== 'conversation' ? (
          <span className="min-w-0 max-w-full truncate text-muted-foreground text-xs" title={testCase.source}>
            {testCase.source}
          </span>
        ) : null}
        <span className="ml-auto flex shrink-0 gap-1">
          <Button
            ref={editButton}
            type="button"
            size="icon-sm"
            variant="ghost"
            onClick={() => setEditing(true)}
            aria-label={t('tests.cases.editLabel', { question })}
            title={t('tests.cases.edit')}
          >
            <PencilIcon />
          </Button>
          <Button
            type="button"
            size="icon-sm"
            variant="ghost"
            className="text-destructive hover:text-destructive"
            onClick={() => actions.onDelete(testCase)}
            aria-label={t('tests.cases.deleteLabel', { question })}
            title={t('tests.cases.delete')}
          >
            <Trash2Icon />
          </Button>
        </span>
      </div>
    </li>
  );
}
