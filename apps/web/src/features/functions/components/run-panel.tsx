import type { RunFunctionResponse } from '@aisle/contracts/functions';
import { LoaderCircleIcon, PlayIcon, RotateCcwIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { argumentSkeleton } from '../argument-skeleton';
import { parametersOf } from '../function-fields';
import { isPlainObject, parseJsonText, prettyJson } from '../json-text';
import { argumentErrors, type RunOutcome } from '../run-outcome';
import { CodeEditor } from './code-editor';
import { RunResult } from './run-result';

/**
 * Test runs: arguments as JSON (prefilled from the definition's parameters until the owner edits
 * them), Run, and the outcome. Argument errors from the server appear under the arguments.
 */
export function RunPanel({
  definition,
  onRun,
}: {
  definition: Record<string, unknown> | null;
  /** null when the run did not start (unsaved edits that could not be saved). */
  onRun: (args: Record<string, unknown>) => Promise<RunFunctionResponse | null>;
}) {
  const { t } = useTranslation('functions');
  const id = useId();
  const skeleton = useMemo(() => prettyJson(argumentSkeleton(parametersOf(definition))), [definition]);
  const [typed, setTyped] = useState<string | null>(null);
  const argsText = typed ?? skeleton;
  const [argErrors, setArgErrors] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    const parsed = parseJsonText(argsText);
    if (!parsed.ok) return setArgErrors([parsed.message]);
    if (!isPlainObject(parsed.value)) return setArgErrors([t('run.notObject')]);
    setArgErrors([]);
    setRunning(true);
    try {
      const response = await onRun(parsed.value);
      if (response) setOutcome({ kind: 'response', response });
    } catch (failure) {
      const fields = argumentErrors(failure);
      setArgErrors(fields);
      setOutcome(fields.length > 0 ? null : { kind: 'failure', message: apiErrorText(failure, t('run.runFailed')) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('run.title')}
      </h3>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-2">
          <div className="flex items-center justify-between gap-2">
            <h4 className="font-medium text-sm">{t('run.arguments')}</h4>
            <Button variant="ghost" size="sm" onClick={() => setTyped(null)} disabled={typed === null}>
              <RotateCcwIcon aria-hidden="true" />
              {t('run.fillFromDefinition')}
            </Button>
          </div>
          <CodeEditor
            language="json"
            label={t('run.arguments')}
            value={argsText}
            onChange={setTyped}
            minHeight="8rem"
            invalid={argErrors.length > 0}
            describedBy={argErrors.length > 0 ? `${id}-errors` : undefined}
          />
          {argErrors.length > 0 ? (
            <ul id={`${id}-errors`} className="grid gap-1 text-destructive text-sm">
              {argErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          <div>
            <Button onClick={() => void run()} disabled={running}>
              {running ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
              {t('run.run')}
            </Button>
          </div>
        </div>
        <RunResult outcome={outcome} running={running} />
      </div>
    </section>
  );
}
