import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefinitionState } from '../function-draft';
import { CodeEditor } from './code-editor';

/** The tool definition the model sees, as JSON, with the reason it cannot be read when it cannot. */
export function DefinitionEditor({
  value,
  onChange,
  state,
  serverError,
}: {
  value: string;
  onChange: (text: string) => void;
  state: DefinitionState;
  /** The last save's complaint about the definition, if any. */
  serverError?: string;
}) {
  const { t } = useTranslation('functions');
  const id = useId();
  const error = state.ok ? serverError : state.message;
  return (
    <div className="grid min-w-0 content-start gap-2">
      <div>
        <h3 className="font-medium text-sm">{t('definition.title')}</h3>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {t('definition.hint')}
        </p>
      </div>
      <CodeEditor
        language="json"
        label={t('definition.title')}
        value={value}
        onChange={onChange}
        invalid={!!error}
        describedBy={error ? `${id}-error` : `${id}-hint`}
      />
      {/* Always present, so screen readers hear the message change as the owner types. */}
      <p id={`${id}-error`} aria-live="polite" className="text-destructive text-sm empty:hidden">
        {error}
      </p>
    </div>
  );
}
