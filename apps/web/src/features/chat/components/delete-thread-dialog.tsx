import { ConfirmDialog } from '@/components/confirm-dialog';
import { chatErrorText } from '../chat-error-text';

const errorText = (failure: unknown) => chatErrorText(failure, 'The chat could not be deleted. Please try again.');

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
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete chat?"
      confirmLabel="Delete chat"
      onConfirm={onConfirm}
      errorText={errorText}
    >
      “<strong className="font-medium text-foreground">{name}</strong>” and all its messages will be deleted. This cannot be undone.
    </ConfirmDialog>
  );
}
