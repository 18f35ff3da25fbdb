import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import type { CodeEditorProps } from './code-editor-props';

// The editor and its languages are a large download; only the function view needs them.
const CodeMirrorEditor = lazy(() => import('./code-mirror-editor'));

/** A code editor, loaded when first shown; a placeholder of its size stands in meanwhile. */
export function CodeEditor(props: CodeEditorProps) {
  const { t } = useTranslation('functions');
  return (
    <Suspense
      fallback={
        // No label here: the editor's name must belong to the editor alone once it has loaded.
        <Skeleton role="status" style={{ minHeight: props.minHeight ?? '16rem' }}>
          <span className="sr-only">{t('editor.loading')}</span>
        </Skeleton>
      }
    >
      <CodeMirrorEditor {...props} />
    </Suspense>
  );
}
