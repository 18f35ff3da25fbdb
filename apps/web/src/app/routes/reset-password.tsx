import { CheckCircle2Icon, Loader2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth/auth-provider';
import { PublicCard } from '@/components/layouts/public-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';

/** `/users/reset-password?uid=…&token=…`: sets a new password from the reset mail's link. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token');
  const { confirmPasswordReset } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [done, setDone] = useState(false);

  if (!uid || !token) {
    return (
      <PublicCard title={t('messages.invalidTokenTitle')} description={t('messages.invalidToken')}>
        <Button asChild variant="outline">
          <Link to={paths.home}>{t('screen.backToLogin')}</Link>
        </Button>
      </PublicCard>
    );
  }

  if (done) {
    return (
      <PublicCard title={t('resetPassword.doneTitle')} description={t('messages.resetSucceeded')}>
        <CheckCircle2Icon className="mx-auto size-10 text-success" aria-hidden="true" />
        <Button asChild>
          <Link to={paths.home}>{t('resetPassword.signIn')}</Link>
        </Button>
      </PublicCard>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setProcessing(true);
    try {
      await confirmPasswordReset(uid, token, password);
      setDone(true);
    } catch (error) {
      console.error('password reset failed', error);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <PublicCard title={t('screen.forgotPassword.title')} description={t('resetPassword.description')}>
      <form className="grid gap-4" onSubmit={onSubmit}>
        <div className="grid gap-2">
          <Label htmlFor="new-password">{t('resetPassword.newPassword')}</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="confirm-new-password">{t('screen.confirmPassword')}</Label>
          <Input
            id="confirm-new-password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={mismatch || undefined}
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setMismatch(false);
            }}
          />
          {mismatch ? (
            <p role="alert" className="text-sm text-destructive">
              {t('messages.passwordsDoNotMatch')}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={processing}>
          {processing ? (
            <>
              <Loader2Icon className="animate-spin" aria-hidden="true" />
              {t('screen.processing')}
            </>
          ) : (
            t('resetPassword.submit')
          )}
        </Button>
      </form>
    </PublicCard>
  );
}
