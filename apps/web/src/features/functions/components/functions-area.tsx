import type { FunctionItem } from '@aisle/contracts/functions';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFunctions } from '../hooks/use-functions';
import { FunctionView } from './function-view';
import { FunctionsEmptyState } from './functions-empty-state';
import { FunctionsList } from './functions-list';
import { FunctionsListSkeleton } from './functions-list-skeleton';
import { NewFunctionDialog } from './new-function-dialog';

/**
 * The functions tab of /templates: the owner's functions (live start-up collection), and one of
 * them open in the editor with its test runs. Creating one opens it.
 */
export function FunctionsArea() {
  const { t } = useTranslation('functions');
  const { status, items } = useFunctions();
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const loading = status.state === 'loading' || status.state === 'not-initialised';

  const content = openId ? (
    <FunctionView id={openId} onClose={() => setOpenId(null)} />
  ) : (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-48 flex-1">
          <h2 id="functions-title" className="font-semibold text-lg tracking-tight">
            {t('area.title')}
          </h2>
          <p className="text-muted-foreground text-sm">{t('area.summary')}</p>
        </div>
        {items.length > 0 ? (
          <Button className="max-sm:w-full" onClick={() => setCreating(true)}>
            <PlusIcon />
            {t('area.newFunction')}
          </Button>
        ) : null}
      </header>
      {status.state === 'error' ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          {status.error}
        </p>
      ) : null}
      {loading && items.length === 0 ? (
        <FunctionsListSkeleton />
      ) : items.length === 0 ? (
        <FunctionsEmptyState onCreate={() => setCreating(true)} />
      ) : (
        <FunctionsList functions={items} onOpen={(fn: FunctionItem) => setOpenId(fn.id)} />
      )}
    </>
  );

  return (
    <div className="grid gap-4">
      {content}
      <NewFunctionDialog open={creating} onOpenChange={setCreating} onCreated={(fn) => setOpenId(fn.id)} />
    </div>
  );
}
