import type { ShareTokenProblem } from '@aisle/contracts/sharing';
import { CloudOffIcon, type LucideIcon, MoonIcon, RotateCcwIcon, SearchXIcon, TimerOffIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type ShareProblem, shareProblemText } from '../share-problem';

const looks = {
  not_found: { title: 'problems.notFound.title', icon: SearchXIcon },
  inactive: { title: 'problems.inactive.title', icon: MoonIcon },
  expired: { title: 'problems.expired.title', icon: TimerOffIcon },
} as const satisfies Record<ShareTokenProblem, { title: string; icon: LucideIcon }>;

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
  const { t } = useTranslation('shopper');
  return (
    <main className="relative flex h-dvh flex-col items-center justify-center bg-muted/40 px-6 text-center">
      {onClose ? (
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('closeChat')} className="absolute top-2 right-2 rounded-full">
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
  const { t } = useTranslation('shopper');
  const look = looks[problem.code];
  return <ProblemLayout icon={look.icon} title={t(look.title)} text={shareProblemText(problem)} onClose={onClose} />;
}

/** The chat could not be reached at all (offline, server error): try again. */
export function ChatUnreachableScreen({ onRetry, onClose }: { onRetry: () => void; onClose?: () => void }) {
  const { t } = useTranslation('shopper');
  return (
    <ProblemLayout icon={CloudOffIcon} title={t('problems.unreachable.title')} text={t('problems.unreachable.text')} onClose={onClose}>
      <Button className="mt-6" variant="outline" onClick={onRetry}>
        <RotateCcwIcon />
        {t('tryAgain')}
      </Button>
    </ProblemLayout>
  );
}
