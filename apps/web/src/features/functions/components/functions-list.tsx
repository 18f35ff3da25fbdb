import type { FunctionItem } from '@aisle/contracts/functions';
import { ChevronRightIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { FlaggedBadge } from './flagged-badge';
import { FunctionStatusBadge } from './function-status-badge';
import { HostChips } from './host-chips';

/** More than this many functions get a search box. */
const SEARCH_FROM = 7;

const matches = (fn: FunctionItem, query: string) =>
  [fn.name, fn.description ?? '', ...(fn.thirdPartyServices ?? [])].some((text) => text.toLowerCase().includes(query));

/** The owner's functions as rows: name, status, description and the hosts the code calls. */
export function FunctionsList({ functions, onOpen }: { functions: readonly FunctionItem[]; onOpen: (fn: FunctionItem) => void }) {
  const { t } = useTranslation('functions');
  const [query, setQuery] = useState('');
  const search = query.trim().toLowerCase();
  const shown = search ? functions.filter((fn) => matches(fn, search)) : functions;

  return (
    <div className="grid gap-3">
      {functions.length >= SEARCH_FROM ? (
        <div className="relative max-w-sm">
          <SearchIcon className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-8"
          />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          {t('list.noMatch', { query: query.trim() })}
        </p>
      ) : (
        <ul aria-label={t('list.label')} className="divide-y rounded-xl border bg-card">
          {shown.map((fn) => (
            <li key={fn.id} className="group relative flex items-start gap-3 px-4 py-3 transition-colors hover:bg-muted/50">
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 truncate font-medium font-mono text-sm">
                    {/* The whole row opens the function; the name is the control screen readers find. */}
                    <button
                      type="button"
                      onClick={() => onOpen(fn)}
                      className="text-left outline-none after:absolute after:inset-0 focus-visible:underline"
                    >
                      {fn.name}
                    </button>
                  </h3>
                  <FunctionStatusBadge status={fn.status} />
                  {fn.isViolatingRules ? <FlaggedBadge /> : null}
                </div>
                <p className="line-clamp-2 text-muted-foreground text-sm">{fn.description || t('list.noDescription')}</p>
                {fn.thirdPartyServices?.length ? (
                  <p className="flex flex-wrap gap-1">
                    <span className="sr-only">{t('list.calls')} </span>
                    <HostChips hosts={fn.thirdPartyServices} className="text-[11px] text-muted-foreground" />
                  </p>
                ) : null}
              </div>
              <ChevronRightIcon className="mt-1 size-4 shrink-0 text-muted-foreground group-hover:text-foreground" aria-hidden="true" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
