import { useId } from 'react';
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
  const id = useId();
  const error = state.ok ? serverError : state.message;
  return (
    <div className="grid min-w-0 content-start gap-2">
      <div>
        <h3 className="font-medium text-sm">Tool definition</h3>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          What the assistant is told: the name, when to call it and its parameters as a JSON schema.
        </p>
      </div>
      <CodeEditor
        language="json"
        label="Tool definition"
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
