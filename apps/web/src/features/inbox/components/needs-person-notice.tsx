import { CheckIcon, LoaderCircleIcon, UserRoundIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { fullTimeText, needsPersonReasonSentence } from '../thread-display';

/**
 * Above a conversation that was handed to a person: why, and that the shopper has been told the
 * team will reply. A hand-written reply clears it on the server; "Mark as handled" clears it
 * without writing (the shopper was helped elsewhere, or needs nothing more).
 */
export function NeedsPersonNotice({
  reason,
  since,
  pending,
  onHandled,
}: {
  reason: string | null;
  since: string | null;
  pending: boolean;
  onHandled: () => void;
}) {
  return (
    <section
      aria-label="Needs a person"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b bg-rose-500/10 px-3 py-2.5 md:px-4"
    >
      <UserRoundIcon className="size-4 shrink-0 text-rose-700 dark:text-rose-300" aria-hidden="true" />
      <p className="min-w-48 flex-1 text-sm">
        <span className="font-medium">Needs a person. </span>
        <span className="text-muted-foreground">
          {needsPersonReasonSentence(reason)} They were told someone from your team will reply here.
          {since ? <span className="sr-only"> Since {fullTimeText(since)}.</span> : null}
        </span>
      </p>
      <Button size="sm" variant="outline" onClick={onHandled} disabled={pending}>
        {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <CheckIcon />}
        Mark as handled
      </Button>
    </section>
  );
}
