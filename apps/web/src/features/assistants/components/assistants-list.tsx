import type { Assistant } from '@aisle/contracts/assistants';
import {
  BotIcon,
  CoinsIcon,
  CpuIcon,
  DatabaseIcon,
  EllipsisIcon,
  MessageCircleQuestionIcon,
  MessageSquareIcon,
  PencilIcon,
  PlusIcon,
  ShieldCheckIcon,
  Trash2Icon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { assistantStatusChip, tokenUsageText } from '../assistant-status';
import { ShareButton } from './share-sheet';
import { StatusChip } from './status-chip';
import { TestScore } from './test-score';
import { TestsButton } from './test-suite-sheet';

export interface AssistantCardData {
  assistant: Assistant;
  modelName: string;
  storeNames: string[];
  questionCount: number;
}

/** The assistants as cards: avatar, name, use case, model, linked stores, status, token use and the latest test score. */
export function AssistantsList({
  cards,
  onEdit,
  onDelete,
}: {
  cards: readonly AssistantCardData[];
  onEdit: (assistant: Assistant) => void;
  onDelete: (assistant: Assistant) => void;
}) {
  const { t } = useTranslation('assistants');
  const format = useFormat();
  return (
    <ul aria-label={t('list.label')} className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {cards.map(({ assistant, modelName, storeNames, questionCount }) => {
        const name = assistant.assistantName;
        return (
          <li
            key={assistant.id}
            aria-label={name}
            className="group flex min-w-0 flex-col rounded-xl border bg-card shadow-xs transition-colors hover:border-primary/40"
          >
            <div className="flex items-start gap-3 p-4 pb-3">
              <Avatar className="size-11 rounded-xl border">
                {assistant.assistantAvatarUrl ? <AvatarImage src={assistant.assistantAvatarUrl} alt="" /> : null}
                <AvatarFallback className="rounded-xl bg-primary/10 text-primary">
                  <BotIcon className="size-5" aria-hidden="true" />
                </AvatarFallback>
              </Avatar>
              <div className="min-w-0 flex-1">
                <h2 className="truncate font-semibold leading-tight">
                  <button
                    type="button"
                    title={name}
                    onClick={() => onEdit(assistant)}
                    className="max-w-full truncate text-left outline-none hover:underline focus-visible:underline"
                  >
                    {name}
                  </button>
                </h2>
                <p className="mt-0.5 truncate text-muted-foreground text-sm" title={assistant.useCase || undefined}>
                  {assistant.useCase || t('list.generalAssistant')}
                </p>
              </div>
              <DropdownMenu modal={false}>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon-sm" className="-mt-1 -mr-1" aria-label={t('list.actionsFor', { name })}>
                    <EllipsisIcon />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem onSelect={() => onEdit(assistant)}>
                    <PencilIcon />
                    {t('list.edit')}
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem variant="destructive" onSelect={() => onDelete(assistant)}>
                    <Trash2Icon />
                    {t('list.delete')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>

            <dl className="grid gap-2 px-4 pb-4 text-sm">
              <div className="flex items-center gap-2">
                <dt className="sr-only">{t('list.status')}</dt>
                <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
                  <StatusChip chip={assistantStatusChip(assistant.status, storeNames.length)} />
                  {assistant.isSafeGuardOn ? (
                    <span className="inline-flex items-center gap-1">
                      <ShieldCheckIcon className="size-3.5" aria-hidden="true" />
                      {t('list.safeguardOn')}
                    </span>
                  ) : null}
                  {questionCount > 0 ? (
                    <span className="inline-flex items-center gap-1">
                      <MessageCircleQuestionIcon className="size-3.5" aria-hidden="true" />
                      {t('list.questionCount', { count: questionCount })}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div className="flex min-w-0 items-center gap-2 text-muted-foreground">
                <dt>
                  <CpuIcon className="size-4" aria-label={t('list.model')} />
                </dt>
                <dd className="truncate text-foreground">{modelName}</dd>
              </div>
              <div className="flex min-w-0 items-start gap-2 text-muted-foreground">
                <dt className="pt-0.5">
                  <DatabaseIcon className="size-4" aria-label={t('list.stores')} />
                </dt>
                <dd className="flex min-w-0 flex-wrap gap-1">
                  {storeNames.length === 0 ? (
                    <span>{t('list.noStores')}</span>
                  ) : (
                    storeNames.map((storeName) => (
                      <span
                        key={storeName}
                        title={storeName}
                        className="max-w-full truncate rounded-md bg-muted px-1.5 py-0.5 text-foreground text-xs"
                      >
                        {storeName}
                      </span>
                    ))
                  )}
                </dd>
              </div>
              <div className="flex items-center gap-2 text-muted-foreground">
                <dt>
                  <CoinsIcon className="size-4" aria-label={t('list.tokensUsed')} />
                </dt>
                <dd className="tabular-nums">{tokenUsageText(assistant.inputTokens, assistant.outputTokens, format)}</dd>
              </div>
              <TestScore assistantId={assistant.id} />
            </dl>

            <div className="mt-auto flex flex-wrap items-center gap-2 border-t px-4 py-3">
              <Button asChild size="sm">
                <Link to={`${paths.chat}?assistant=${encodeURIComponent(assistant.id)}`} aria-label={t('list.chatWith', { name })}>
                  <MessageSquareIcon />
                  {t('list.chat')}
                </Link>
              </Button>
              <Button variant="outline" size="sm" onClick={() => onEdit(assistant)} aria-label={t('list.editName', { name })}>
                <PencilIcon />
                {t('list.edit')}
              </Button>
              <ShareButton assistant={assistant} />
              <TestsButton assistant={assistant} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function AssistantsListSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-[232px] rounded-xl" />
      ))}
    </div>
  );
}

/** What a merchant sees before their first assistant: what one does, and the one next step. */
export function AssistantsEmptyState({ onCreate, hasStores }: { onCreate: () => void; hasStores: boolean }) {
  const { t } = useTranslation('assistants');
  return (
    <section
      aria-labelledby="assistants-empty-title"
      className="relative overflow-hidden rounded-2xl border border-dashed bg-gradient-to-b from-primary/5 to-transparent px-6 py-14 text-center"
    >
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <BotIcon className="size-7" aria-hidden="true" />
      </div>
      <h2 id="assistants-empty-title" className="font-semibold text-lg tracking-tight">
        {t('list.emptyTitle')}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground text-sm">{hasStores ? t('list.emptyBody') : t('list.emptyBodyNoStores')}</p>
      <Button className="mt-6" onClick={onCreate}>
        <PlusIcon />
        {t('screen.newAssistant')}
      </Button>
    </section>
  );
}
