import type { PublicAssistant } from '@aisle/contracts/sharing';
import { BotIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The chat's header in the share's colours: the assistant's picture and name. In the widget it is
 * compact and has the close button (`onClose`), which asks the loader to close the panel.
 */
export function SharedChatHeader({ assistant, compact, onClose }: { assistant: PublicAssistant; compact: boolean; onClose?: () => void }) {
  const { t } = useTranslation('shopper');
  return (
    <header className={`flex shrink-0 items-center gap-3 bg-primary px-4 text-primary-foreground shadow-sm ${compact ? 'h-14' : 'h-16'}`}>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-foreground/15 ring-2 ring-primary-foreground/20"
      >
        {assistant.assistantAvatarUrl ? (
          <img src={assistant.assistantAvatarUrl} alt="" className="size-full object-cover" />
        ) : (
          <BotIcon className="size-5" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <h1 className="truncate font-semibold text-base leading-tight">{assistant.assistantName}</h1>
        <p className="truncate text-primary-foreground/75 text-xs">{t('header.subtitle')}</p>
      </div>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label={t('closeChat')}
          className="flex size-9 items-center justify-center rounded-full outline-none transition-colors hover:bg-primary-foreground/15 focus-visible:ring-[3px] focus-visible:ring-primary-foreground/50"
        >
          <XIcon className="size-5" aria-hidden="true" />
        </button>
      ) : null}
    </header>
  );
}
