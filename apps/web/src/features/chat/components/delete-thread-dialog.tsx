import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { chatErrorText } from '../chat-error-text';

/** Confirms deleting a chat by name. */
export function DeleteThreadDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation('chat');
  const errorText = (failure: unknown) => chatErrorText(failure, t('deleteDialog.error'));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deleteDialog.title')}
      confirmLabel={t('deleteDialog.confirm')}
      onConfirm={onConfirm}
      errorText={errorText}
    >
      <Trans
        t={t}
        i18nKey="deleteDialog.body"
        values={{ name }}
        components={{ strong: <strong className="font-medium text-foreground" /> }}
      />
    </ConfirmDialog>
  );
}
