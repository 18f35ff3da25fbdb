import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { useDarkMode } from '../hooks/use-dark-mode';
import type { CodeEditorProps } from './code-editor-props';

/**
 * CodeMirror 6 with the language of the text. Loaded on demand by CodeEditor (this module pulls in
 * the whole editor), so it is a default export.
 */
export default function CodeMirrorEditor({
  value,
  onChange,
  language,
  label,
  describedBy,
  invalid,
  readOnly,
  minHeight = '16rem',
  className,
}: CodeEditorProps) {
  const dark = useDarkMode();
  const extensions = useMemo(
    () => [
      language === 'json' ? json() : javascript(),
      EditorView.lineWrapping,
      // The editable element is the textbox assistive technology and tests find by name.
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      }),
    ],
    [language, label, describedBy, invalid],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      theme={dark ? 'dark' : 'light'}
      minHeight={minHeight}
      basicSetup={{ foldGutter: false, highlightActiveLine: !readOnly }}
      className={cn(
        'overflow-hidden rounded-md border text-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
        invalid && 'border-destructive',
        className,
      )}
    />
  );
}
