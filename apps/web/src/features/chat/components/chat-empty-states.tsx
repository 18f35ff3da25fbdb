import { ArrowRightIcon, BotIcon, MessageSquarePlusIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Before the first assistant: what chat is for and where assistants are made. */
export function NoAssistantsState() {
  const { t } = useTranslation('chat');
  return (
    <section
      aria-labelledby="chat-no-assistants"
      className="relative mx-auto mt-4 w-full max-w-3xl overflow-hidden rounded-2xl border border-dashed bg-gradient-to-b from-primary/5 to-transparent px-6 py-14 text-center"
    >
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <BotIcon className="size-7" aria-hidden="true" />
      </div>
      <h2 id="chat-no-assistants" className="font-semibold text-lg tracking-tight">
        {t('empty.noAssistantsTitle')}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground text-sm">{t('empty.noAssistantsBody')}</p>
      <Button asChild className="mt-6">
        <Link to={paths.assistants}>
          {t('empty.goToAssistants')}
          <ArrowRightIcon />
        </Link>
      </Button>
    </section>
  );
}

/** An assistant with no chats yet: one button to start. */
export function NoThreadsState({ assistantName, onStart, busy }: { assistantName: string; onStart: () => void; busy: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-14 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <MessageSquarePlusIcon className="size-6" aria-hidden="true" />
      </span>
      {/* A long name (one unbroken word, even) wraps rather than widening the page. */}
      <h2 className="line-clamp-3 max-w-full wrap-anywhere font-semibold text-lg tracking-tight" title={assistantName}>
        {t('empty.startTitle', { name: assistantName })}
      </h2>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">{t('empty.startBody')}</p>
      <Button className="mt-5" onClick={onStart} disabled={busy}>
        <PlusIcon />
        {t('empty.start')}
      </Button>
    </div>
  );
}
