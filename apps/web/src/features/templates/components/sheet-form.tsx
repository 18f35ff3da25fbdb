import { LoaderCircleIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';

/**
 * A side sheet from the right with a bordered title and description, for one <SheetForm>. The
 * form is only mounted while the sheet is open, so each opening starts from fresh state.
 */
export function FormSheet({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The sheet's width, like `sm:max-w-lg`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className={cn('w-full gap-0 p-0', className)}>
        <SheetHeader className="border-b px-5 py-4">
          <SheetTitle className="text-lg">{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        {open ? children : null}
      </SheetContent>
    </Sheet>
  );
}

/**
 * The form inside a template side sheet: the fields scroll, the server's refusal shows under them,
 * and Cancel and the submit button stay in the footer. The submit button spins while `busy`.
 */
export function SheetForm({
  label,
  onSubmit,
  onCancel,
  failure,
  busy,
  submitLabel,
  submitIcon,
  submitDisabled = false,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  submitIcon?: ReactNode;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('templates');
  return (
    <form aria-label={label} noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid flex-1 content-start gap-5 overflow-y-auto px-5 py-5">
        {children}
        {failure ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-destructive text-sm">
            {failure}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end gap-2 border-t px-5 py-4">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('sheet.cancel')}
        </Button>
        <Button type="submit" disabled={busy || submitDisabled}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : submitIcon}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
