import { type RequiredVariable, VARIABLE_VALUE_MAX_LENGTH } from '@aisle/contracts/functions';
import { CheckCircle2Icon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { describedBy, Field } from '@/components/form-controls';
import { SecretInput } from '@/components/secret-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useVariableMutations, useVariables } from '@/hooks/use-variables';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import type { LinkChange } from '../link-diff';
import { type LinkFailure, linkFailureText, missingVariableNames } from '../link-failure';
import type { LinkKind } from '../link-kinds';
import { validationText } from '../validation-text';
import type { LinkOption } from './link-checklist';

export interface LinkFailuresProps {
  failures: readonly LinkFailure[];
  /** The checklists' options, for each link's name and a template's required variables. */
  options: Record<LinkKind, readonly LinkOption[]>;
  /** Makes the link call again; throws the API's error. */
  onRetry: (change: LinkChange) => Promise<void>;
  /** A link that is now as the form wants it. */
  onDone: (change: LinkChange) => void;
}

const changeKey = ({ kind, action, targetId }: LinkChange) => `${kind}:${action}:${targetId}`;

/**
 * The links a save could not make or remove, each with the server's reason. A template refused
 * for unset variables asks for them right there (secret ones hidden), saves them and links again.
 */
export function LinkFailures({ failures, options, onRetry, onDone }: LinkFailuresProps) {
  const { t } = useTranslation('assistants');
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const left = failures.filter((failure) => !done.has(changeKey(failure.change))).length;

  // The save button is at the bottom of the sheet; bring the reasons into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, []);

  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className={
        left > 0
          ? 'grid gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4'
          : 'grid gap-3 rounded-xl border border-emerald-500/30 bg-emerald-500/5 p-4'
      }
    >
      <div role="alert" className="flex items-start gap-2">
        {left > 0 ? (
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        ) : (
          <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        )}
        <div className="grid gap-0.5">
          <h3 id={titleId} className="font-semibold text-sm">
            {left > 0 ? t('linkFailures.title', { count: left }) : t('linkFailures.allDone')}
          </h3>
          {left > 0 ? <p className="text-muted-foreground text-xs">{t('linkFailures.summary')}</p> : null}
        </div>
      </div>
      <ul className="grid gap-3">
        {failures.map((failure) => {
          const key = changeKey(failure.change);
          return (
            <li key={key}>
              <FailedLink
                failure={failure}
                option={options[failure.change.kind].find((option) => option.id === failure.change.targetId)}
                done={done.has(key)}
                onRetry={onRetry}
                onDone={() => {
                  setDone((current) => new Set(current).add(key));
                  onDone(failure.change);
                }}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function FailedLink({
  failure,
  option,
  done,
  onRetry,
  onDone,
}: {
  failure: LinkFailure;
  option: LinkOption | undefined;
  done: boolean;
  onRetry: (change: LinkChange) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation('assistants');
  const id = useId();
  const { sessionStore } = useAuth();
  const variables = useVariables(sessionStore.getValidAccessToken);
  const { create } = useVariableMutations(sessionStore.getValidAccessToken);
  const [error, setError] = useState(failure.error);
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { change } = failure;
  const name = option?.name ?? t(`linkFailures.kind.${change.kind}`);

  // What the server asked for, less what is set by now (another refused link may have set it);
  // kept as asked while this one is being saved, so the fields do not vanish under the spinner.
  const setNames = new Set(variables.data?.map((variable) => variable.name));
  const missing: RequiredVariable[] = missingVariableNames(error)
    .filter((variableName) => busy || !setNames.has(variableName))
    .map(
      (variableName) =>
        option?.requiredVariables?.find((entry) => entry.name === variableName) ?? { name: variableName, description: '', secret: false },
    );

  const check = () => {
    const found: Record<string, string> = {};
    for (const entry of missing) {
      const value = values[entry.name] ?? '';
      if (!value.trim()) found[entry.name] = t('linkFailures.enterValue', { name: entry.name });
      else if (value.length > VARIABLE_VALUE_MAX_LENGTH) found[entry.name] = t('validation.tooLong', { max: VARIABLE_VALUE_MAX_LENGTH });
    }
    return found;
  };

  /** Saves the asked-for variables; the ones the server refused come back as errors under their fields. */
  const saveVariables = async () => {
    const asked = [...missing];
    const results = await Promise.allSettled(
      asked.map((entry) => create.mutateAsync({ name: entry.name, value: values[entry.name] ?? '', secret: entry.secret })),
    );
    const found: Record<string, string> = {};
    results.forEach((result, index) => {
      const entry = asked[index];
      if (result.status === 'rejected' && entry) {
        const fields = fieldErrorPaths(result.reason);
        found[entry.name] = validationText(
          fields.value ?? fields.name ?? apiErrorText(result.reason, t('linkFailures.variableNotSaved', { name: entry.name })),
        );
      }
    });
    return found;
  };

  const retry = async () => {
    if (busy) return;
    const found = check();
    setFieldErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saveErrors = await saveVariables();
      if (Object.keys(saveErrors).length > 0) {
        setFieldErrors(saveErrors);
        return;
      }
      await onRetry(change);
      onDone();
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset aria-labelledby={`${id}-name`} className="grid min-w-0 gap-3 rounded-lg border bg-background p-3 dark:bg-input/20">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span id={`${id}-name`} className="break-words font-medium text-sm">
            {name}
          </span>
          <span className="text-muted-foreground text-xs">{t(`linkFailures.kind.${change.kind}`)}</span>
        </p>
        {done ? (
          <p role="status" className="flex items-center gap-1.5 text-emerald-700 text-sm dark:text-emerald-300">
            <CheckCircle2Icon className="size-4 shrink-0" aria-hidden="true" />
            {t(change.action === 'add' ? 'linkFailures.linked' : 'linkFailures.unlinked', { name })}
          </p>
        ) : (
          <p className="break-words text-destructive text-sm">{linkFailureText(error)}</p>
        )}
      </div>
      {done ? null : (
        <>
          {missing.map((entry) => (
            <VariableField
              key={entry.name}
              id={`${id}-var-${entry.name}`}
              variable={entry}
              value={values[entry.name] ?? ''}
              error={fieldErrors[entry.name]}
              onChange={(value) => setValues((current) => ({ ...current, [entry.name]: value }))}
              onEnter={() => void retry()}
            />
          ))}
          <div>
            <Button
              type="button"
              size="sm"
              variant={missing.length > 0 ? 'default' : 'outline'}
              disabled={busy}
              onClick={() => void retry()}
            >
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {missing.length > 0 ? t('linkFailures.saveAndLink') : t('linkFailures.tryAgain')}
            </Button>
          </div>
        </>
      )}
    </fieldset>
  );
}

/** One variable the server asked for: its value, hidden while typed when the template says it is secret. */
function VariableField({
  id,
  variable,
  value,
  error,
  onChange,
  onEnter,
}: {
  id: string;
  variable: RequiredVariable;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onEnter: () => void;
}) {
  const { t } = useTranslation('assistants');
  const hint = variable.secret ? t('linkFailures.secretHint', { description: variable.description }).trim() : variable.description;
  const props = {
    id,
    value,
    autoComplete: 'off',
    spellCheck: false,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
    // The fields sit inside the assistant's form: Enter saves this link, not the assistant.
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      onEnter();
    },
    ...describedBy(id, error, !!hint),
  };
  return (
    <Field id={id} label={<span className="font-mono">{variable.name}</span>} hint={hint || undefined} error={error}>
      {variable.secret ? <SecretInput {...props} /> : <Input type="text" {...props} />}
    </Field>
  );
}
