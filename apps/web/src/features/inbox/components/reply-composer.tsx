import { SHARED_MESSAGE_MAX_LENGTH } from '@aisle/contracts/visitor-chat';
import { SendHorizontalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageComposer } from '@/components/message-composer';

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
  const { t } = useTranslation('inbox');
  return (
    <div className="border-t bg-background/80 p-3 backdrop-blur md:px-4">
      <MessageComposer
        formLabel={t('composer.formLabel')}
        fieldLabel={t('composer.fieldLabel')}
        placeholder={t('composer.placeholder', { visitor })}
        maxLength={SHARED_MESSAGE_MAX_LENGTH}
        sendLabel={t('composer.send')}
        sendIcon={<SendHorizontalIcon />}
        onSend={onSend}
      />
      <p className="mt-1.5 text-center text-[11px] text-muted-foreground">{paused ? t('composer.keys') : t('composer.pausesAutoReply')}</p>
    </div>
  );
}
