import { ArrowLeftIcon, LoaderCircleIcon, SaveIcon, SparklesIcon, Trash2Icon, WrenchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The function view's title row: back, the name with its unsaved-changes mark, and the actions. */
export function FunctionToolbar({
  name,
  dirty,
  busy,
  canSave,
  canFix,
  onBack,
  onSave,
  onInitialize,
  onFix,
  onDelete,
}: {
  name: string;
  dirty: boolean;
  busy: 'save' | 'initialize' | 'fix' | null;
  canSave: boolean;
  canFix: boolean;
  onBack: () => void;
  onSave: () => void;
  onInitialize: () => void;
  onFix: () => void;
  onDelete: () => void;
}) {
  const spinner = <LoaderCircleIcon className="animate-spin" aria-hidden="true" />;
  return (
    <header className="flex flex-wrap items-center gap-2">
      <Button variant="ghost" size="icon-sm" onClick={onBack} aria-label="Back to functions" title="Back to functions">
        <ArrowLeftIcon />
      </Button>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <h2 className="truncate font-mono font-semibold text-lg">{name}</h2>
        <span role="status" className="text-amber-700 text-xs dark:text-amber-300">
          {dirty ? (
            <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <span className="size-2 rounded-full bg-current" aria-hidden="true" />
              Unsaved changes
            </span>
          ) : null}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={onInitialize}
          disabled={busy !== null}
          title="Write starter code and a tool definition from the description"
        >
          {busy === 'initialize' ? spinner : <SparklesIcon aria-hidden="true" />}
          Initialize
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onFix}
          disabled={!canFix || busy !== null}
          title={canFix ? 'Propose a correction for the error' : 'Available when the code has errors or its last run failed'}
        >
          {busy === 'fix' ? spinner : <WrenchIcon aria-hidden="true" />}
          Fix
        </Button>
        <Button size="sm" onClick={onSave} disabled={!canSave || busy !== null} title="Save (Ctrl+S, or ⌘S on a Mac)">
          {busy === 'save' ? spinner : <SaveIcon aria-hidden="true" />}
          Save
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onDelete}
          aria-label="Delete function"
          title="Delete function"
          className="text-destructive hover:text-destructive"
        >
          <Trash2Icon />
        </Button>
      </div>
    </header>
  );
}
