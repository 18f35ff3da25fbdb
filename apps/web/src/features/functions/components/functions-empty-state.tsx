import { BracesIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Before the first function: what one is, in a sentence, and the way to make one. */
export function FunctionsEmptyState({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('functions');
  return (
    <section
      aria-labelledby="functions-empty-title"
      className="rounded-2xl border border-dashed bg-gradient-to-b from-primary/5 to-transparent px-6 py-12 text-center"
    >
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <BracesIcon className="size-7" aria-hidden="true" />
      </div>
      <h3 id="functions-empty-title" className="font-semibold text-lg tracking-tight">
        {t('emptyState.title')}
      </h3>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground text-sm">{t('emptyState.body')}</p>
      <Button className="mt-6" onClick={onCreate}>
        <PlusIcon />
        {t('emptyState.newFunction')}
      </Button>
    </section>
  );
}
