import { threadOrigins } from '@aisle/contracts/channels';
import { SearchIcon, UserRoundIcon, XIcon } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { originLabel } from '../thread-display';

/** The server's search limit (searchSharedThreads refuses longer text). */
const SEARCH_MAX_LENGTH = 200;

export interface AssistantOption {
  id: string;
  name: string;
}

function FilterSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-8 min-w-0 flex-1 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30',
        className,
      )}
      {...props}
    />
  );
}

/** The list's search box (the server searches the messages), its assistant and origin filters, and "Needs a person". */
export function InboxToolbar({
  search,
  onSearchChange,
  assistants,
  assistantId,
  onAssistantChange,
  origin,
  onOriginChange,
  needsHuman,
  onNeedsHumanChange,
}: {
  search: string;
  onSearchChange: (text: string) => void;
  assistants: readonly AssistantOption[];
  assistantId: string | null;
  onAssistantChange: (id: string | null) => void;
  origin: string | null;
  onOriginChange: (origin: string | null) => void;
  needsHuman: boolean;
  onNeedsHumanChange: (needsHuman: boolean) => void;
}) {
  const { t } = useTranslation('inbox');
  return (
    <div className="grid gap-2">
      <div className="relative">
        <SearchIcon
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t('toolbar.search')}
          placeholder={t('toolbar.search')}
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className="h-8 pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
        />
        {search ? (
          <button
            type="button"
            aria-label={t('toolbar.clearSearch')}
            onClick={() => onSearchChange('')}
            className="-translate-y-1/2 absolute top-1/2 right-1.5 rounded p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <XIcon className="size-3.5" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="flex gap-2">
        <FilterSelect
          aria-label={t('toolbar.assistant')}
          value={assistantId ?? ''}
          onChange={(event) => onAssistantChange(event.target.value || null)}
        >
          <option value="">{t('toolbar.allAssistants')}</option>
          {assistants.map((assistant) => (
            <option key={assistant.id} value={assistant.id}>
              {assistant.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          aria-label={t('toolbar.origin')}
          value={origin ?? ''}
          onChange={(event) => onOriginChange(event.target.value || null)}
          className="max-w-32"
        >
          <option value="">{t('toolbar.allOrigins')}</option>
          {threadOrigins.map((value) => (
            <option key={value} value={value}>
              {originLabel(value)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <button
        type="button"
        aria-pressed={needsHuman}
        onClick={() => onNeedsHumanChange(!needsHuman)}
        className={cn(
          'inline-flex h-7 w-fit items-center gap-1.5 rounded-full border px-2.5 font-medium text-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
          needsHuman
            ? 'border-rose-500/40 bg-rose-500/10 text-rose-700 dark:text-rose-300'
            : 'text-muted-foreground hover:bg-accent hover:text-foreground',
        )}
      >
        <UserRoundIcon className="size-3.5" aria-hidden="true" />
        {t('toolbar.needsPerson')}
      </button>
    </div>
  );
}
