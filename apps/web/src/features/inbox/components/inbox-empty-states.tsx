import { ArrowRightIcon, InboxIcon, MessagesSquareIcon, SearchXIcon, Share2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Nothing shared yet: where sharing starts. */
export function NoSharesState() {
  const { t } = useTranslation('inbox');
  return (
    <EmptyState icon={Share2Icon} title={t('empty.noSharesTitle')}>
      <p className="mt-1 max-w-xs text-muted-foreground text-sm">{t('empty.noSharesBody')}</p>
      <Button asChild size="sm" className="mt-5">
        <Link to={paths.assistants}>
          {t('empty.shareAssistant')}
          <ArrowRightIcon />
        </Link>
      </Button>
    </EmptyState>
  );
}

/** Shared, but no one has written yet: the link to hand out. */
export function NoConversationsState({ link }: { link: string | null }) {
  const { t } = useTranslation('inbox');
  return (
    <EmptyState icon={InboxIcon} title={t('empty.noConversationsTitle')}>
      <p className="mt-1 max-w-xs text-muted-foreground text-sm">
        {link ? t('empty.noConversationsBodyWithLink') : t('empty.noConversationsBody')}
      </p>
      {link ? (
        <div className="mt-4 flex w-full max-w-xs items-center gap-1.5 rounded-lg border bg-muted/40 py-1 pr-1 pl-2.5">
          <code className="min-w-0 flex-1 truncate text-left text-xs" title={link}>
            {link}
          </code>
          <CopyButton text={link} label={t('empty.copyLink')} copiedLabel={t('empty.copied')} size="icon-sm" variant="ghost" />
        </div>
      ) : (
        <Button asChild size="sm" variant="outline" className="mt-4">
          <Link to={paths.assistants}>{t('empty.manageShares')}</Link>
        </Button>
      )}
    </EmptyState>
  );
}

/** A search or filter that matched nothing. */
export function NoResultsState({ search, onClear }: { search: string; onClear: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <EmptyState icon={SearchXIcon} title={t('empty.noResultsTitle')}>
      <p className="mt-1 max-w-xs text-muted-foreground text-sm">
        {search ? t('empty.noResultsSearch', { search }) : t('empty.noResultsFilters')}
      </p>
      <Button size="sm" variant="outline" className="mt-4" onClick={onClear}>
        {t('empty.clearFilters')}
      </Button>
    </EmptyState>
  );
}

/** The thread pane before a conversation is picked (wide screens). */
export function NoThreadSelected() {
  const { t } = useTranslation('inbox');
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-14 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <MessagesSquareIcon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="font-semibold text-lg tracking-tight">{t('empty.pickTitle')}</h2>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">{t('empty.pickBody')}</p>
    </div>
  );
}

/** Which empty list this is: nothing shared, nothing matched, or no one has written yet. */
export function InboxEmptyState({
  filtered,
  search,
  hasShares,
  link,
  onClear,
}: {
  filtered: boolean;
  search: string;
  hasShares: boolean;
  link: string | null;
  onClear: () => void;
}) {
  if (filtered) return <NoResultsState search={search} onClear={onClear} />;
  if (!hasShares) return <NoSharesState />;
  return <NoConversationsState link={link} />;
}
