import type { ShareTokenProblem } from '@aisle/contracts/sharing';
import { CloudOffIcon, type LucideIcon, MoonIcon, RotateCcwIcon, SearchXIcon, TimerOffIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { ShareProblem } from '../share-problem';

const looks: Record<ShareTokenProblem, { title: string; icon: LucideIcon }> = {
  not_found: { title: 'Chat not found', icon: SearchXIcon },
  inactive: { title: 'Chat paused', icon: MoonIcon },
  expired: { title: 'Link expired', icon: TimerOffIcon },
};

function ProblemLayout({
  icon: Icon,
  title,
  text,
  onClose,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  onClose?: () => void;
  children?: ReactNode;
}) {
  return (
    <main className="relative flex h-dvh flex-col items-center justify-center bg-muted/40 px-6 text-center">
      {onClose ? (
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close chat" className="absolute top-2 right-2 rounded-full">
          <XIcon />
        </Button>
      ) : null}
      <span className="mb-5 flex size-16 items-center justify-center rounded-3xl bg-background text-muted-foreground shadow-sm ring-8 ring-muted">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="font-semibold text-xl tracking-tight">{title}</h1>
      <p className="mt-2 max-w-sm text-muted-foreground text-sm">{text}</p>
      {children}
    </main>
  );
}

/** A link that does not open a chat (not found, turned off, expired): the server's words, calmly. */
export function ShareProblemScreen({ problem, onClose }: { problem: ShareProblem; onClose?: () => void }) {
  const look = looks[problem.code];
  return <ProblemLayout icon={look.icon} title={look.title} text={problem.detail} onClose={onClose} />;
}

/** The chat could not be reached at all (offline, server error): try again. */
export function ChatUnreachableScreen({ onRetry, onClose }: { onRetry: () => void; onClose?: () => void }) {
  return (
    <ProblemLayout
      icon={CloudOffIcon}
      title="Chat unavailable"
      text="We couldn’t load this chat. Check your connection, then try again."
      onClose={onClose}
    >
      <Button className="mt-6" variant="outline" onClick={onRetry}>
        <RotateCcwIcon />
        Try again
      </Button>
    </ProblemLayout>
  );
}
