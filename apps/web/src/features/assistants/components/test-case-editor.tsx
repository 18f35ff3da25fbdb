import { TEST_EXPECTED_MAX_LENGTH, TEST_QUESTION_MAX_LENGTH, testCaseEntitySchema } from '@aisle/contracts/test-suites';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field, Switch, Textarea } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { i18n } from '@/i18n/i18n';
import { apiErrorText } from '@/lib/api-error-text';
import type { SuiteCase, SuiteCaseChanges } from '../api/test-cases-api';
import { validationText } from '../validation-text';

type Values = { question: string; followUp: string; expected: string; expectRefusal: boolean };
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (testCase: SuiteCase | null): Values => ({
  question: testCase?.question ?? '',
  followUp: testCase?.followUp ?? '',
  expected: testCase?.expected ?? '',
  expectRefusal: testCase?.expectRefusal ?? false,
});

/**
 * The form's values as the data API takes them, checked with the contract's case schema (its
 * English messages, read in the interface's language when shown): a question, and either the fact
 * a right answer holds or "should decline and offer a person".
 */
export function checkCase(values: Values): { changes: SuiteCaseChanges & { question: string } } | { errors: Errors } {
  const parsed = testCaseEntitySchema.safeParse({
    question: values.question,
    followUp: values.followUp.trim() || null,
    expected: values.expectRefusal ? '' : values.expected.trim(),
    expectRefusal: values.expectRefusal,
  });
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof Values;
      errors[field] ??= issue.message;
    }
  }
  if (!values.expectRefusal && !values.expected.trim()) errors.expected ??= i18n.t('assistants:tests.editor.expectedMissing');
  if (!parsed.success || Object.keys(errors).length) return { errors };
  return { changes: { ...parsed.data, question: parsed.data.question ?? values.question } };
}

/** A test question written or changed by the owner: question, follow-up, expected fact, or "should decline". */
export function TestCaseEditor({
  testCase,
  onSave,
  onDone,
}: {
  /** The case being changed; null for a new one. */
  testCase: SuiteCase | null;
  onSave: (changes: SuiteCaseChanges & { question: string }) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation('assistants');
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(testCase));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const errorText = (key: keyof Values) => validationText(errors[key]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCase(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      // The first field with an error takes the focus, so its message is read out.
      const first = (['question', 'followUp', 'expected'] as const).find((key) => checked.errors[key]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await onSave(checked.changes);
      onDone();
    } catch (error) {
      setFailure(apiErrorText(error, t('tests.editor.saveFailed')));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={testCase ? t('tests.editor.editLabel') : t('tests.editor.newLabel')}
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-4"
    >
      <Field id={`${id}-question`} label={t('tests.editor.question')} error={errorText('question')}>
        <Textarea
          id={`${id}-question`}
          value={values.question}
          maxLength={TEST_QUESTION_MAX_LENGTH}
          rows={2}
          placeholder={t('tests.editor.questionPlaceholder')}
          onChange={(event) => set('question', event.target.value)}
          {...describedBy(`${id}-question`, errors.question)}
        />
      </Field>
      <Field id={`${id}-followUp`} label={t('tests.editor.followUp')} hint={t('tests.editor.followUpHint')} error={errorText('followUp')}>
        <Input
          id={`${id}-followUp`}
          value={values.followUp}
          maxLength={TEST_QUESTION_MAX_LENGTH}
          onChange={(event) => set('followUp', event.target.value)}
          {...describedBy(`${id}-followUp`, errors.followUp, true)}
        />
      </Field>
      <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/30 p-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-refusal`}>{t('tests.editor.expectRefusal')}</Label>
          <p id={`${id}-refusal-hint`} className="text-muted-foreground text-xs">
            {t('tests.editor.expectRefusalHint')}
          </p>
        </div>
        <Switch
          id={`${id}-refusal`}
          checked={values.expectRefusal}
          aria-describedby={`${id}-refusal-hint`}
          onCheckedChange={(on) => set('expectRefusal', on)}
        />
      </div>
      {values.expectRefusal ? null : (
        <Field id={`${id}-expected`} label={t('tests.editor.expected')} hint={t('tests.editor.expectedHint')} error={errorText('expected')}>
          <Textarea
            id={`${id}-expected`}
            value={values.expected}
            maxLength={TEST_EXPECTED_MAX_LENGTH}
            rows={2}
            onChange={(event) => set('expected', event.target.value)}
            {...describedBy(`${id}-expected`, errors.expected, true)}
          />
        </Field>
      )}
      {failure ? (
        <p role="alert" className="text-destructive text-sm">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {testCase ? t('tests.editor.save') : t('tests.editor.add')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('tests.editor.cancel')}
        </Button>
      </div>
    </form>
  );
}
