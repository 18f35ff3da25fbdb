import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MarkdownReply } from '@/components/markdown/markdown-reply';

/** The conversation in a few lines, as the last "Summarize" wrote it. */
export function ThreadSummary({ summary }: { summary: string }) {
  const { t } = useTranslation('inbox');
  return (
    <section
      aria-label={t('summary.title')}
      className="mx-auto mb-2 w-full max-w-3xl rounded-xl border border-primary/20 bg-primary/5 px-4 py-3"
    >
      <h3 className="mb-1.5 flex items-center gap-1.5 font-medium text-primary text-xs uppercase tracking-wide">
        <SparklesIcon className="size-3.5" aria-hidden="true" />
        {t('summary.title')}
      </h3>
      <MarkdownReply text={summary} />
    </section>
  );
}
