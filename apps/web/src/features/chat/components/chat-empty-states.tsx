import { ArrowRightIcon, BotIcon, MessageSquarePlusIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Before the first assistant: what chat is for and where assistants are made. */
export function NoAssistantsState() {
  return (
    <section
      aria-labelledby="chat-no-assistants"
      className="relative mx-auto mt-4 w-full max-w-3xl overflow-hidden rounded-2xl border border-dashed bg-gradient-to-b from-primary/5 to-transparent px-6 py-14 text-center"
    >
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <BotIcon className="size-7" aria-hidden="true" />
      </div>
      <h2 id="chat-no-assistants" className="font-semibold text-lg tracking-tight">
        Create an assistant to chat with
      </h2>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground text-sm">
        Here you talk to your assistants before your customers do: ask what a customer would, see the answer stream in with its sources, and
        what each reply costs.
      </p>
      <Button asChild className="mt-6">
        <Link to={paths.assistants}>
          Go to Assistants
          <ArrowRightIcon />
        </Link>
      </Button>
    </section>
  );
}

/** An assistant with no chats yet: one button to start. */
export function NoThreadsState({ assistantName, onStart, busy }: { assistantName: string; onStart: () => void; busy: boolean }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-14 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <MessageSquarePlusIcon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="font-semibold text-lg tracking-tight">Start a chat with {assistantName}</h2>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">Each chat keeps its own history, so you can test one topic at a time.</p>
      <Button className="mt-5" onClick={onStart} disabled={busy}>
        <PlusIcon />
        Start a chat
      </Button>
    </div>
  );
}
