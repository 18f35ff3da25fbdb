import { CheckCircle2Icon, Loader2Icon, XCircleIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { authMessages, describeAuthError } from '@/app/auth/auth-messages';
import { useAuth } from '@/app/auth/auth-provider';
import { PublicCard } from '@/components/layouts/public-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';

type State =
  | { state: 'verifying' }
  | { state: 'verified' }
  | { state: 'already-verified' }
  | { state: 'email-changed' }
  | { state: 'failed'; message: string };

/** `/users/verify-email?key=…`: confirms the address through the API (spec §2, §8). */
export default function VerifyEmailRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const key = params.get('key');
  const { confirmEmail } = useAuth();
  const [result, setResult] = useState<State>({ state: 'verifying' });
  // The key is single-use: confirm it once, even when effects run twice in development.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!key) {
      setResult({ state: 'failed', message: authMessages.invalidToken });
      return;
    }
    if (sent.current === key) return;
    sent.current = key;
    confirmEmail(key).then(
      (outcome) => setResult({ state: outcome }),
      (error: unknown) => setResult({ state: 'failed', message: describeAuthError(error, authMessages.confirmEmailFailed).message }),
    );
  }, [key, confirmEmail]);

  if (result.state === 'verifying') {
    return (
      <PublicCard title={t('verifyEmail.verifyingTitle')} description={t('verifyEmail.verifyingBody')}>
        <Loader2Icon className="mx-auto size-6 animate-spin text-muted-foreground" aria-label={t('verifyEmail.verifying')} />
      </PublicCard>
    );
  }
  if (result.state === 'email-changed') {
    return (
      <PublicCard title={t('verifyEmail.changedTitle')} description={t('verifyEmail.changedBody')}>
        <CheckCircle2Icon className="mx-auto size-10 text-success" aria-hidden="true" />
        <Button asChild>
          <Link to={paths.home}>{t('verifyEmail.continue')}</Link>
        </Button>
      </PublicCard>
    );
  }
  if (result.state === 'verified' || result.state === 'already-verified') {
    const fresh = result.state === 'verified';
    return (
      <PublicCard
        title={fresh ? t('messages.emailVerified') : t('verifyEmail.alreadyTitle')}
        description={fresh ? t('verifyEmail.freshBody') : t('verifyEmail.alreadyBody')}
      >
        <CheckCircle2Icon className="mx-auto size-10 text-success" aria-hidden="true" />
        <Button asChild>
          <Link to={paths.home}>{t('verifyEmail.continue')}</Link>
        </Button>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('verifyEmail.failedTitle')} description={result.message}>
      <XCircleIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
      <ResendLink />
      <Button asChild variant="outline">
        <Link to={paths.home}>{t('screen.backToLogin')}</Link>
      </Button>
    </PublicCard>
  );
}

/** An expired or used link: a new one, for the address the merchant types. */
function ResendLink() {
  const { t } = useTranslation('auth');
  const { resendVerification } = useAuth();
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    try {
      await resendVerification(email.trim());
    } catch (error) {
      console.error('resend failed', error);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-2 text-left" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-medium text-sm">
        {t('verifyEmail.resendTitle')}
      </h2>
      <p className="text-muted-foreground text-sm">{t('verifyEmail.resendBody')}</p>
      <Label htmlFor={`${id}-email`}>{t('screen.email')}</Label>
      <Input
        id={`${id}-email`}
        type="email"
        required
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" disabled={sending}>
        {sending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        {t('verifyEmail.resendSubmit')}
      </Button>
    </form>
  );
}
