import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@aisle/contracts/accounts';
import { KeyRoundIcon, LoaderCircleIcon, MailIcon, ShieldCheckIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { showAlert } from '@/components/alerts/alert-store';
import { describedBy, Field } from '@/components/form-controls';
import { SectionFrame } from '@/components/layouts/section-frame';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';

const formData = (event: FormEvent<HTMLFormElement>) => Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;

function ChangePassword() {
  const { t } = useTranslation('account');
  const id = useId();
  const change = useChangePassword();
  const [mismatch, setMismatch] = useState(false);
  const errors = fieldErrorPaths(change.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { current_password = '', new_password = '', confirm = '' } = formData(event);
    setMismatch(new_password !== confirm);
    if (new_password !== confirm) return;
    change.mutate({ current_password, new_password }, { onSuccess: () => form.reset() });
  };
  const other = change.isError && !Object.keys(errors).length ? apiErrorText(change.error, t('security.failed')) : null;
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-medium text-sm">
        <KeyRoundIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('security.passwordTitle')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={`${id}-current`} label={t('security.currentPassword')} error={errors.current_password}>
          <Input
            id={`${id}-current`}
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            {...describedBy(`${id}-current`, errors.current_password)}
          />
        </Field>
        <Field
          id={`${id}-new`}
          label={t('security.newPassword')}
          hint={t('security.passwordRule', { count: PASSWORD_MIN_LENGTH })}
          error={errors.new_password}
        >
          <Input
            id={`${id}-new`}
            name="new_password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            {...describedBy(`${id}-new`, errors.new_password, true)}
          />
        </Field>
        <Field id={`${id}-confirm`} label={t('security.confirmPassword')} error={mismatch ? t('security.mismatch') : undefined}>
          <Input
            id={`${id}-confirm`}
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            {...describedBy(`${id}-confirm`, mismatch ? 'x' : undefined)}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('security.changePassword')}
        </Button>
        <p role="status" className="text-sm">
          {change.isSuccess ? <span className="text-emerald-700 dark:text-emerald-400">{t('security.passwordChanged')}</span> : null}
          {other ? <span className="text-destructive">{other}</span> : null}
        </p>
      </div>
    </form>
  );
}

function ChangeEmail() {
  const { t } = useTranslation('account');
  const id = useId();
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const errors = fieldErrorPaths(change.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { password = '', new_email = '' } = formData(event);
    change.mutate(
      { password, new_email },
      {
        onSuccess: () => {
          setSentTo(new_email.trim());
          form.reset();
        },
      },
    );
  };
  const other = change.isError && !Object.keys(errors).length ? apiErrorText(change.error, t('security.failed')) : null;
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-medium text-sm">
        <MailIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('security.emailTitle')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-email`} label={t('security.newEmail')} error={errors.new_email}>
          <Input
            id={`${id}-email`}
            name="new_email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            {...describedBy(`${id}-email`, errors.new_email)}
          />
        </Field>
        <Field id={`${id}-password`} label={t('security.password')} error={errors.password}>
          <Input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            {...describedBy(`${id}-password`, errors.password)}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" disabled={change.isPending}>
          {change.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('security.changeEmail')}
        </Button>
        <p role="status" className="min-w-0 text-sm">
          {sentTo && change.isSuccess ? (
            <span className="break-words text-emerald-700 dark:text-emerald-400">{t('security.emailSent', { email: sentTo })}</span>
          ) : null}
          {other ? <span className="text-destructive">{other}</span> : null}
        </p>
      </div>
    </form>
  );
}

function DeleteAccount() {
  const { t } = useTranslation('account');
  const id = useId();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const errors = fieldErrorPaths(remove.error);
  const other = remove.isError && !errors.password ? apiErrorText(remove.error, t('security.failed')) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { password = '' } = formData(event);
    remove.mutate({ password }, { onSuccess: () => showAlert({ variant: 'success', message: t('security.deleted') }) });
  };
  return (
    <div className="grid gap-2">
      <h3 className="flex items-center gap-2 font-medium text-sm">
        <Trash2Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('security.deleteTitle')}
      </h3>
      <p className="text-muted-foreground text-sm">{t('security.deleteSummary')}</p>
      <div>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          {t('security.deleteAccount')}
        </Button>
      </div>
      <Dialog open={open} onOpenChange={(next) => (remove.isPending ? null : setOpen(next))}>
        <DialogContent>
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('security.deleteConfirmTitle')}</DialogTitle>
              <DialogDescription>{t('security.deleteConfirmBody')}</DialogDescription>
            </DialogHeader>
            <Field id={`${id}-password`} label={t('security.password')} error={errors.password ?? other ?? undefined}>
              <Input
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={PASSWORD_MAX_LENGTH}
                {...describedBy(`${id}-password`, errors.password ?? other ?? undefined)}
              />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
                {t('security.cancel')}
              </Button>
              <Button type="submit" variant="destructive" disabled={remove.isPending}>
                {remove.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
                {t('security.deleteForGood')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/**
 * Password, e-mail address and the account itself. Not for an account that signs in through the
 * Shopify admin (it has no password of its own).
 */
export function SecuritySettings() {
  const { t } = useTranslation('account');
  const { isEmbedded } = useAuth();
  if (isEmbedded) return null;
  return (
    <SectionFrame icon={ShieldCheckIcon} title={t('security.title')} summary={t('security.summary')}>
      <div className="grid gap-6">
        <ChangePassword />
        <ChangeEmail />
        <DeleteAccount />
      </div>
    </SectionFrame>
  );
}
