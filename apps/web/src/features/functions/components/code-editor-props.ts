/** What the function view's code editors take (the lazy CodeMirror editor and its loading state alike). */
export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: 'javascript' | 'json';
  /** The accessible name of the editable text. */
  label: string;
  /** Id of the message describing the text (a parse error, field errors). */
  describedBy?: string;
  invalid?: boolean;
  readOnly?: boolean;
  minHeight?: string;
  className?: string;
}
