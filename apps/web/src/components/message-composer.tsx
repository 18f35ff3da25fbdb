import { ArrowUpIcon, LoaderCircleIcon, SquareIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatters } from '@/i18n/format';
import { cn } from '@/lib/cn';

const sizes = {
  default: { maxHeight: 200, box: 'max-h-[200px] min-h-[52px] py-3.5 pr-14 text-sm', actions: 'right-2 bottom-2' },
  // 16px text: smaller makes iOS Safari zoom the page when the box takes the focus. The button
  // stays at the top so the counter fits below the text.
  touch: { maxHeight: 160, box: 'max-h-40 min-h-12 py-3 pr-13 text-base sm:text-sm', actions: 'top-2 right-2' },
};

/**
 * A message box (the owner's chat, the visitor's chat, the inbox reply): Enter sends, Shift+Enter
 * starts a new line, it grows with the text up to a few lines. While `busy` (a reply streams) it
 * is disabled and its button stops the reply instead (`onStop`). With `counterFrom`, a counter
 * appears once the text is that long, so it only shows when `maxLength` is near.
 */
export function MessageComposer({
  id,
  formLabel,
  fieldLabel,
  placeholder,
  maxLength,
  counterFrom,
  busy = false,
  focusWhenReady = false,
  focusKey,
  size = 'default',
  sendLabel,
  sendIcon = <ArrowUpIcon />,
  onSend,
  onStop,
}: {
  /** The text box's id; a generated one by default. */
  id?: string;
  /** The form's accessible name; "Send a message" (in the interface's language) by default. */
  formLabel?: string;
  /** The text box's (visually hidden) label; "Message" by default. */
  fieldLabel?: string;
  placeholder: string;
  maxLength: number;
  counterFrom?: number;
  busy?: boolean;
  /** Takes the focus when shown and again as soon as `busy` ends (back to typing once the reply is in). */
  focusWhenReady?: boolean;
  /** Changes when the box becomes visible (the widget opened): it takes the focus then too. */
  focusKey?: unknown;
  /** `touch`: a public page opened on phones (16px text, a little shorter). */
  size?: keyof typeof sizes;
  /** The send button's accessible name; "Send" by default. */
  sendLabel?: string;
  sendIcon?: ReactNode;
  /**
   * Sends the text, which is cleared at once. A returned promise keeps it (read-only, the button
   * spinning) until it settles: cleared once it resolves, kept for another try when it rejects
   * (the caller says what went wrong).
   */
  onSend: (text: string) => void | Promise<void>;
  onStop?: () => void;
}) {
  // The words shoppers see too (the public chat uses this box): the `shopper` namespace, in every language.
  // (Formatters of that language: `useFormat` would also load the `common` namespace, which the public page does not need.)
  const { t, i18n } = useTranslation('shopper');
  const format = formatters(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  const generatedId = useId();
  const boxId = id ?? generatedId;
  const counterId = `${boxId}-counter`;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const layout = sizes[size];

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, layout.maxHeight)}px`;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey is the trigger, not an input.
  useEffect(() => {
    if (focusWhenReady && !busy) box.current?.focus({ preventScroll: true });
  }, [focusWhenReady, busy, focusKey]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || busy || sending || message.length > maxLength) return;
    const stored = onSend(message);
    if (!(stored instanceof Promise)) {
      setText('');
      return;
    }
    setSending(true);
    try {
      await stored;
      setText('');
    } catch {
      // Kept for another try; the caller has said what went wrong.
    } finally {
      setSending(false);
      box.current?.focus({ preventScroll: true });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const length = text.length;
  const showCounter = counterFrom !== undefined && length >= counterFrom;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={formLabel ?? t('composer.formLabel')}
      className="relative rounded-2xl border bg-background shadow-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30"
    >
      <label htmlFor={boxId} className="sr-only">
        {fieldLabel ?? t('composer.fieldLabel')}
      </label>
      <textarea
        id={boxId}
        ref={box}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={busy}
        readOnly={sending}
        maxLength={maxLength}
        aria-describedby={showCounter ? counterId : undefined}
        placeholder={placeholder}
        className={cn(
          'block w-full resize-none bg-transparent pl-4 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-70',
          layout.box,
        )}
      />
      {showCounter ? (
        <p
          id={counterId}
          className={cn('px-4 pb-2 text-[11px] tabular-nums', length >= maxLength ? 'text-destructive' : 'text-muted-foreground')}
        >
          {t('composer.counter', { length: format.number(length), max: format.number(maxLength) })}
        </p>
      ) : null}
      <div className={cn('absolute', layout.actions)}>
        {busy && onStop ? (
          <Button
            type="button"
            size="icon-sm"
            variant="secondary"
            onClick={onStop}
            aria-label={t('composer.stop')}
            className="rounded-full"
          >
            <SquareIcon className="size-3.5 fill-current" />
          </Button>
        ) : (
          <Button
            type="submit"
            size="icon-sm"
            disabled={!text.trim() || sending}
            aria-label={sendLabel ?? t('composer.send')}
            className="rounded-full"
          >
            {sending ? <LoaderCircleIcon className="animate-spin" /> : sendIcon}
          </Button>
        )}
      </div>
    </form>
  );
}
