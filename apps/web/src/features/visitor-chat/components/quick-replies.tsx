import type { QuickReply } from '@aisle/contracts/commerce';
import { HeadsetIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * One-tap replies under the latest answer ("Talk to a person"): a tap sends the reply's `text` as
 * the shopper's own message, in their language, as if typed.
 */
export function QuickReplies({
  replies,
  disabled,
  onSend,
}: {
  replies: readonly QuickReply[];
  disabled: boolean;
  onSend: (text: string) => void;
}) {
  const { t } = useTranslation('shopper');
  if (!replies.length) return null;
  return (
    <fieldset className="mt-2 min-w-0">
      <legend className="sr-only">{t('log.quickReplies')}</legend>
      <div className="flex flex-wrap gap-2">
        {replies.map((reply) => (
          <button
            key={`${reply.kind}:${reply.text}`}
            type="button"
            disabled={disabled}
            onClick={() => onSend(reply.text)}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-primary/50 bg-background px-3.5 py-1.5 text-left font-medium text-foreground text-sm shadow-xs outline-none transition-colors hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
          >
            {reply.kind === 'handoff' ? <HeadsetIcon className="size-4 shrink-0 text-primary" aria-hidden="true" /> : null}
            {reply.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
