import type { FixFunctionResponse } from '@aisle/contracts/functions';
import { CheckIcon, LoaderCircleIcon, WandSparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A proposed correction, shown beside its explanation; nothing changes until the owner applies it. */
export function FixProposal({
  proposal,
  applying,
  onApply,
  onDiscard,
}: {
  proposal: FixFunctionResponse;
  applying: boolean;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('functions');
  return (
    <section aria-labelledby="fix-proposal-title" className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4">
      <h3 id="fix-proposal-title" className="flex items-center gap-2 font-medium">
        <WandSparklesIcon className="size-4 text-primary" aria-hidden="true" />
        {t('fix.title')}
      </h3>
      <p className="whitespace-pre-wrap text-sm">{proposal.explanation}</p>
      <pre className="max-h-80 overflow-auto rounded-md border bg-background p-3 font-mono text-xs">
        <code>{proposal.code}</code>
      </pre>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onApply} disabled={applying}>
          {applying ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <CheckIcon aria-hidden="true" />}
          {t('fix.apply')}
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard} disabled={applying}>
          {t('fix.discard')}
        </Button>
      </div>
    </section>
  );
}
