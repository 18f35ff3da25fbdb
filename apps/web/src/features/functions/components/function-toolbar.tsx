import { ArrowLeftIcon, LoaderCircleIcon, type LucideIcon, SaveIcon, SparklesIcon, Trash2Icon, WrenchIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('functions');
  return (
    <header className="flex flex-wrap items-center gap-2">
      <Button variant="ghost" size="icon-sm" onClick={onBack} aria-label={t('toolbar.back')} title={t('toolbar.back')}>
        <ArrowLeftIcon />
      </Button>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <h2 className="truncate font-mono font-semibold text-lg">{name}</h2>
        <span role="status" className="text-amber-700 text-xs dark:text-amber-300">
          {dirty ? (
            <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <span className="size-2 rounded-full bg-current" aria-hidden="true" />
              {t('toolbar.unsaved')}
            </span>
          ) : null}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ActionButton
          variant="outline"
          icon={SparklesIcon}
          spinning={busy === 'initialize'}
          onClick={onInitialize}
          disabled={busy !== null}
          title={t('toolbar.initializeTitle')}
        >
          {t('toolbar.initialize')}
        </ActionButton>
        <ActionButton
          variant="outline"
          icon={WrenchIcon}
          spinning={busy === 'fix'}
          onClick={onFix}
          disabled={!canFix || busy !== null}
          title={canFix ? t('toolbar.fixTitle') : t('toolbar.fixUnavailable')}
        >
          {t('toolbar.fix')}
        </ActionButton>
        <ActionButton
          icon={SaveIcon}
          spinning={busy === 'save'}
          onClick={onSave}
          disabled={!canSave || busy !== null}
          title={t('toolbar.saveTitle')}
        >
          {t('toolbar.save')}
        </ActionButton>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onDelete}
          aria-label={t('toolbar.delete')}
          title={t('toolbar.delete')}
          className="text-destructive hover:text-destructive"
        >
          <Trash2Icon />
        </Button>
      </div>
    </header>
  );
}

/** A small toolbar button whose icon turns into a spinner while its action runs. */
function ActionButton({
  icon: Icon,
  spinning,
  children,
  ...props
}: ComponentProps<typeof Button> & { icon: LucideIcon; spinning: boolean }) {
  return (
    <Button size="sm" {...props}>
      {spinning ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
      {children}
    </Button>
  );
}
