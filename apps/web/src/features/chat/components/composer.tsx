import { CHAT_MESSAGE_MAX_LENGTH } from '@aisle/contracts/chat';
import { ArrowUpIcon, SquareIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The message box: Enter sends, Shift+Enter starts a new line; it grows with the text up to a
 * few lines. While a reply streams it is disabled and its button stops the reply instead.
 */
export function Composer({
  assistantName,
  busy,
  onSend,
  onStop,
}: {
  assistantName: string;
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 200)}px`;
  });

  // Back to typing as soon as the reply is in.
  useEffect(() => {
    if (!busy) box.current?.focus({ preventScroll: true });
  }, [busy]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const question = text.trim();
    if (!question || busy) return;
    onSend(question);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Send a message"
      className="relative rounded-2xl border bg-background shadow-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30"
    >
      <label htmlFor="chat-composer" className="sr-only">
        Message
      </label>
      <textarea
        id="chat-composer"
        ref={box}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={busy}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder={busy ? `${assistantName} is answering…` : `Message ${assistantName}…`}
        className="block max-h-[200px] min-h-[52px] w-full resize-none bg-transparent py-3.5 pr-14 pl-4 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-70"
      />
      <div className="absolute right-2 bottom-2">
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
