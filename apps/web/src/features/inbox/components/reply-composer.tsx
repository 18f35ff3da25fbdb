import { SHARED_MESSAGE_MAX_LENGTH } from '@aisle/contracts/sharing';
import { LoaderCircleIcon, SendHorizontalIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The team's reply box: Enter sends, Shift+Enter starts a new line. The text stays when sending
 * fails (the caller shows why), and is cleared once the reply is stored.
 */
export function ReplyComposer({
  visitor,
  paused,
  onSend,
}: {
  visitor: string;
  paused: boolean;
  /** Stores the reply; rejects when it was not sent. */
  onSend: (text: string) => Promise<void>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 200)}px`;
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const reply = text.trim();
    if (!reply || sending) return;
    setSending(true);
    try {
      await onSend(reply);
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

  return (
    <div className="border-t bg-background/80 p-3 backdrop-blur md:px-4">
      <form
        onSubmit={(event) => void submit(event)}
        aria-label="Reply by hand"
        className="relative rounded-2xl border bg-background shadow-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30"
      >
        <label htmlFor={id} className="sr-only">
          Reply
        </label>
        <textarea
          id={id}
          ref={box}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={SHARED_MESSAGE_MAX_LENGTH}
          readOnly={sending}
          placeholder={`Reply to ${visitor}…`}
          className="block max-h-[200px] min-h-[52px] w-full resize-none bg-transparent py-3.5 pr-14 pl-4 text-sm outline-none placeholder:text-muted-foreground"
        />
        <div className="absolute right-2 bottom-2">
          <Button type="submit" size="icon-sm" disabled={!text.trim() || sending} aria-label="Send reply" className="rounded-full">
            {sending ? <LoaderCircleIcon className="animate-spin" /> : <SendHorizontalIcon />}
          </Button>
        </div>
      </form>
      <p className="mt-1.5 text-center text-[11px] text-muted-foreground">
        {paused ? 'Enter to send · Shift+Enter for a new line' : 'Sending a reply pauses auto-reply on this conversation.'}
      </p>
    </div>
  );
}
