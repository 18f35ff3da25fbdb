import { FUNCTION_VARIABLES_MAX, variableNameSchema } from '@aisle/contracts/functions';
import { PlusIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { issueText } from '../form-errors';

const MAX_SUGGESTIONS = 8;

/**
 * The names of the variables a function reads, as chips: typed (Enter or comma adds one, checked
 * with the contract's rule) or picked from the owner's variables.
 */
export function VariablesInput({
  id,
  value,
  onChange,
  suggestions,
  error,
}: {
  id: string;
  value: readonly string[];
  onChange: (names: string[]) => void;
  /** The owner's variable names. */
  suggestions: readonly string[];
  error?: string;
}) {
  const { t } = useTranslation('functions');
  const [text, setText] = useState('');
  const [typingError, setTypingError] = useState<string | null>(null);
  const shownError = typingError ?? error;

  const add = (raw: string) => {
    const checked = variableNameSchema.safeParse(raw);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return setTypingError(issue ? issueText(issue) : t('variablesInput.invalidName'));
    }
    if (!value.includes(checked.data)) {
      if (value.length >= FUNCTION_VARIABLES_MAX) return setTypingError(t('validation.tooManyVariables', { max: FUNCTION_VARIABLES_MAX }));
      onChange([...value, checked.data]);
    }
    setText('');
    setTypingError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && text.trim()) {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const filter = text.trim().toLowerCase();
  const offered = suggestions.filter((name) => !value.includes(name) && name.toLowerCase().includes(filter)).slice(0, MAX_SUGGESTIONS);

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{t('variablesInput.label')}</Label>
      <div className="flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border border-input px-2 py-1 focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/30">
        {/* No aria-label on the chips: their text alone names them, so labels such as "Name" stay unique. */}
        {value.map((name) => (
          <span key={name} className="inline-flex items-center gap-1 rounded-md bg-muted py-0.5 pr-1 pl-2 font-mono text-xs">
            {name}
            <button
              type="button"
              onClick={() => onChange(value.filter((other) => other !== name))}
              className="rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
            >
              <XIcon className="size-3" aria-hidden="true" />
              <span className="sr-only">{t('variablesInput.remove', { name })}</span>
            </button>
          </span>
        ))}
        <Input
          id={id}
          value={text}
          onChange={(event) => {
            setText(event.target.value.replace(',', ''));
            setTypingError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            // A typed name counts when the owner moves on, unless they are picking a suggestion instead.
            const next = event.relatedTarget instanceof Element ? event.relatedTarget : null;
            if (text.trim() && !next?.closest('[data-variable-suggestion]')) add(text);
          }}
          placeholder={value.length === 0 ? 'SHOP_API_KEY' : ''}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : `${id}-hint`}
          className="h-7 min-w-32 flex-1 border-0 px-1 font-mono shadow-none focus-visible:ring-0 dark:bg-transparent"
        />
      </div>
      {offered.length > 0 ? (
        <div className="flex flex-wrap gap-1.5">
          {offered.map((name) => (
            <button
              key={name}
              type="button"
              data-variable-suggestion
              onClick={() => add(name)}
              className="inline-flex items-center gap-0.5 rounded-md border border-dashed px-1.5 py-0.5 font-mono text-muted-foreground text-xs hover:border-solid hover:text-foreground"
            >
              <PlusIcon className="size-3" aria-hidden="true" />
              <span className="sr-only">{t('variablesInput.add', { name })}</span>
              <span aria-hidden="true">{name}</span>
            </button>
          ))}
        </div>
      ) : null}
      {shownError ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {shownError}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          <Trans t={t} i18nKey="variablesInput.hint" components={{ code: <code className="font-mono" /> }} />
        </p>
      )}
    </div>
  );
}
