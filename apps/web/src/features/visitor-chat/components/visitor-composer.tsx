import { SHARED_MESSAGE_MAX_LENGTH } from '@aisle/contracts/sharing';
import { ArrowUpIcon, SquareIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The counter shows from here on, so it only appears when the limit is near. */
const COUNTER_FROM = SHARED_MESSAGE_MAX_LENGTH - 500;

/**
 * The visitor's message box: Enter sends, Shift+Enter starts a new line, it grows with the text
 * up to a few lines, and a counter appears near the limit (contract SHARED_MESSAGE_MAX_LENGTH).
 * While a message is on its way it is disabled and its button stops the reply instead.
 */
export function VisitorComposer({
  assistantName,
  busy,
  focusKey,
  onSend,
  onStop,
}: {
  assistantName: string;
  busy: boolean;
  /** Changes when the chat becomes visible (the widget opened): the box takes the focus. */
  focusKey?: unknown;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  });

  // Back to typing as soon as the reply is in, and when the widget opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey is the trigger, not an input.
  useEffect(() => {
    if (!busy) box.current?.focus({ preventScroll: true });
  }, [busy, focusKey]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || busy || message.length > SHARED_MESSAGE_MAX_LENGTH) return;
    onSend(message);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const length = text.length;
  const showCounter = length >= COUNTER_FROM;
  return (
    <form
      onSubmit={submit}
      aria-label="Send a message"
      className="relative rounded-2xl border bg-background shadow-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30"
    >
      <label htmlFor="shared-chat-composer" className="sr-only">
        Message
      </label>
      <textarea
        id="shared-chat-composer"
        ref={box}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={busy}
        maxLength={SHARED_MESSAGE_MAX_LENGTH}
        aria-describedby={showCounter ? 'shared-chat-counter' : undefined}
        placeholder={busy ? 'Sending…' : `Message ${assistantName}…`}
        // 16px text: smaller makes iOS Safari zoom the page when the box takes the focus.
        className="block max-h-40 min-h-12 w-full resize-none bg-transparent py-3 pr-13 pl-4 text-base outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-70 sm:text-sm"
      />
      {showCounter ? (
        <p
          id="shared-chat-counter"
          className={cn(
            'px-4 pb-2 text-[11px] tabular-nums',
            length >= SHARED_MESSAGE_MAX_LENGTH ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {length.toLocaleString('en')} / {SHARED_MESSAGE_MAX_LENGTH.toLocaleString('en')} characters
        </p>
      ) : null}
      <div className="absolute top-2 right-2">
        {busy ? (
          <Button type="button" size="icon-sm" variant="secondary" onClick={onStop} aria-label="Stop" className="rounded-full">
            <SquareIcon className="size-3.5 fill-current" />
          </Button>
        ) : (
          <Button type="submit" size="icon-sm" disabled={!text.trim()} aria-label="Send" className="rounded-full">
            <ArrowUpIcon />
          </Button>
        )}
      </div>
    </form>
  );
}
