import { SEARCH_QUERY_MAX_LENGTH, type SearchResponse } from '@aisle/contracts/knowledge';
import { useMutation } from '@tanstack/react-query';
import { FileTextIcon, LoaderCircleIcon, SearchIcon, SearchXIcon, SparklesIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { apiErrorText } from '@/lib/api-error-text';
import { searchStores } from '../api/stores-api';
import { splitHighlights } from '../highlight-terms';
import { retrievalModeLabel } from '../status-chips';

/** A passage with the query's matched words in <mark>. */
function HighlightedText({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {splitHighlights(text, terms).map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
          <mark key={index} className="rounded-sm bg-amber-200/80 px-0.5 text-foreground dark:bg-amber-400/30">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

/**
 * Ask the store a question as an assistant would and see the ranked passages it would get: rank,
 * score, source file, heading path and the text with the matched words highlighted.
 */
export function TestRetrieval({ storeId, storeName }: { storeId: string; storeName: string }) {
  const id = useId();
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  const { sessionStore } = useAuth();
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  const search = useMutation({
    mutationFn: async (question: string): Promise<SearchResponse> =>
      searchStores(await sessionStore.getValidAccessToken(), [storeId], question),
    onError: (error) => console.error('test retrieval failed', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = query.trim();
    if (!question) return;
    setAsked(question);
    search.mutate(question);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border bg-card">
      <div className="border-b px-4 py-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
          <SparklesIcon className="size-4 text-primary" aria-hidden="true" />
          {t('testRetrieval.title')}
        </h2>
        <p className="wrap-anywhere text-muted-foreground text-sm">{t('testRetrieval.intro', { store: storeName })}</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-2 px-4 pt-4 sm:flex-row" aria-label={t('testRetrieval.title')}>
        <label htmlFor={`${id}-query`} className="sr-only">
          {t('testRetrieval.question')}
        </label>
        <div className="relative flex-1">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-query`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            placeholder={t('testRetrieval.placeholder')}
            className="pl-9"
            autoComplete="off"
          />
        </div>
        <Button type="submit" disabled={search.isPending || !query.trim()}>
          {search.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('testRetrieval.search')}
        </Button>
      </form>
      <div className="p-4" aria-live="polite" aria-busy={search.isPending}>
        {search.isPending ? (
          <div className="grid gap-3" role="status" aria-label={t('testRetrieval.searching')}>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-20 rounded-lg" />
            ))}
          </div>
        ) : search.isError ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-destructive text-sm">
            {apiErrorText(search.error, t('testRetrieval.failed'))}
          </p>
        ) : search.data ? (
          search.data.results.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground text-sm">
              <SearchXIcon className="size-8 opacity-50" aria-hidden="true" />
              <p>{t('testRetrieval.noMatch', { query: asked })}</p>
            </div>
          ) : (
            <>
              <p className="mb-3 text-muted-foreground text-xs">
                {t('testRetrieval.resultCount', { count: search.data.results.length, query: asked })} ·{' '}
                {retrievalModeLabel(search.data.mode)}
              </p>
              <ol aria-label={t('testRetrieval.results')} className="grid gap-3">
                {search.data.results.map((result, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a ranked snapshot, replaced whole by the next search; one file can give several passages
                  <li key={`${result.fileId}-${index}`} className="rounded-lg border bg-background p-3">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                      <span className="flex size-6 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary">
                        <span className="sr-only">{t('testRetrieval.rank')} </span>
                        {format.number(index + 1)}
                      </span>
                      <span className="flex min-w-0 items-center gap-1 font-medium text-sm" data-testid="result-file">
                        <FileTextIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                        <span className="truncate">{result.fileName}</span>
                      </span>
                      <span className="ml-auto font-mono text-muted-foreground tabular-nums">
                        {t('testRetrieval.score', {
                          score: format.number(result.score, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
                        })}
                      </span>
                    </div>
                    {result.heading ? <p className="mt-2 text-muted-foreground text-xs">{result.heading}</p> : null}
                    <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-line">
                      <HighlightedText text={result.text} terms={result.matchedTerms} />
                    </p>
                  </li>
                ))}
              </ol>
            </>
          )
        ) : (
          <p className="py-4 text-center text-muted-foreground text-sm">{t('testRetrieval.placeholderResults')}</p>
        )}
      </div>
    </section>
  );
}
