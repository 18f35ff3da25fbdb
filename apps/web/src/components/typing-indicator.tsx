import { useTranslation } from 'react-i18next';

/** Three bouncing dots: the assistant is thinking before its first word. */
export function TypingIndicator() {
  const { t } = useTranslation('shopper');
  return (
    <span role="status" aria-label={t('typing')} className="inline-flex items-center gap-1 py-1.5">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
