import { Loader2Icon, SparklesIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlertsEndWithScreen } from '@/components/alerts/alert-store';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from './auth-provider';

export type AuthMode = 'signIn' | 'signUp' | 'forgotPassword';

/** Spec §2 "Authentication screen": titles and subtitles per mode, exactly (`auth:screen`). */
export const authModeKeys = {
  signIn: { title: 'screen.signIn.title', subtitle: 'screen.signIn.subtitle', submit: 'screen.signIn.submit' },
  signUp: { title: 'screen.signUp.title', subtitle: 'screen.signUp.subtitle', submit: 'screen.signUp.submit' },
  forgotPassword: {
    title: 'screen.forgotPassword.title',
    subtitle: 'screen.forgotPassword.subtitle',
    submit: 'screen.forgotPassword.submit',
  },
} as const satisfies Record<AuthMode, { title: string; subtitle: string; submit: string }>;

const GoogleMark = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
    <path fill="#4285F4" d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2Z" />
    <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23Z" />
    <path fill="#FBBC05" d="M5.8 14c-.2-.7-.4-1.3-.4-2s.1-1.4.4-2V7.1H2.1a11 11 0 0 0 0 9.8L5.8 14Z" />
    <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1L5.8 10c.9-2.7 3.3-4.6 6.2-4.6Z" />
  </svg>
);

/**
 * One card, three modes (spec §2, §4, §5). The provider shows the alerts of spec §8; this screen's
 * own handlers only log failures.
 */
export function AuthScreen() {
  const auth = useAuth();
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<AuthMode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [resend, setResend] = useState<'idle' | 'needs-email' | 'sending'>('idle');
  const keys = authModeKeys[mode];
  // What this screen reported (a wrong password, say) is about this screen: it goes with it.
  useAlertsEndWithScreen();

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setMismatch(false);
    setPassword('');
    setConfirmPassword('');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing) return;
    if (mode === 'signUp' && password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setProcessing(true);
    try {
      if (mode === 'signIn') {
        await auth.login(email, password);
        return;
      }
      if (mode === 'signUp') {
        await auth.signUp(email, password);
      } else {
        await auth.requestPasswordReset(email);
      }
      switchMode('signIn');
    } catch (error) {
      console.error(`${mode} failed`, error);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <main className="flex min-h-svh items-center justify-center bg-gradient-to-br from-violet-50 via-background to-sky-50 p-4 dark:from-violet-950/30 dark:to-sky-950/20">
      {/* No class here overrides a component's own (the screen renders before tailwind-merge: lib/cn.ts). */}
      <div className="w-full max-w-md rounded-xl shadow-xl">
        <Card>
          <CardHeader className="text-center">
            <div className="mx-auto mb-2 flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <SparklesIcon className="size-5" aria-hidden="true" />
            </div>
            <CardTitle>
              <h1 className="text-2xl">{t(keys.title)}</h1>
            </CardTitle>
            <CardDescription>{t(keys.subtitle)}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Button type="button" variant="outline" disabled className="w-full">
              <GoogleMark />
              {t('screen.google')}
            </Button>
            <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
              <span className="h-px flex-1 bg-border" />
              {t('screen.or')}
              <span className="h-px flex-1 bg-border" />
            </div>
            <form className="grid gap-4" onSubmit={onSubmit} noValidate={false}>
              <div className="grid gap-2">
                <Label htmlFor="auth-email">{t('screen.email')}</Label>
                <Input
                  id="auth-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  placeholder="you@store.com"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              {mode !== 'forgotPassword' ? (
                <div className="grid gap-2">
                  <div className="flex items-center justify-between">
                    <Label htmlFor="auth-password">{t('screen.password')}</Label>
                    {mode === 'signIn' ? (
                      <button
                        type="button"
                        className="text-sm text-primary underline-offset-4 hover:underline"
                        onClick={() => switchMode('forgotPassword')}
                      >
                        {t('screen.forgot')}
                      </button>
                    ) : null}
                  </div>
                  <Input
                    id="auth-password"
                    name="password"
                    type="password"
                    autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
                    required
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                </div>
              ) : null}
              {mode === 'signUp' ? (
                <div className="grid gap-2">
                  <Label htmlFor="auth-confirm-password">{t('screen.confirmPassword')}</Label>
                  <Input
                    id="auth-confirm-password"
                    name="confirmPassword"
                    type="password"
                    autoComplete="new-password"
                    required
                    aria-invalid={mismatch || undefined}
                    aria-describedby={mismatch ? 'auth-password-mismatch' : undefined}
                    value={confirmPassword}
                    onChange={(event) => {
                      setConfirmPassword(event.target.value);
                      setMismatch(false);
                    }}
                  />
                  {mismatch ? (
                    <p id="auth-password-mismatch" role="alert" className="text-sm text-destructive">
                      {t('messages.passwordsDoNotMatch')}
                    </p>
                  ) : null}
                </div>
              ) : null}
              <Button type="submit" className="w-full" disabled={processing}>
                {processing ? (
                  <>
                    <Loader2Icon className="animate-spin" aria-hidden="true" />
                    {t('screen.processing')}
                  </>
                ) : (
                  t(keys.submit)
                )}
              </Button>
            </form>
            {mode === 'signIn' ? (
              <div className="grid justify-items-center gap-1 text-center">
                <button
                  type="button"
                  className="text-muted-foreground text-xs underline-offset-4 hover:text-foreground hover:underline disabled:opacity-50"
                  disabled={resend === 'sending'}
                  onClick={async () => {
                    if (!email.trim()) {
                      setResend('needs-email');
                      return;
                    }
                    setResend('sending');
                    try {
                      await auth.resendVerification(email.trim());
                    } catch (error) {
                      console.error('resend failed', error);
                    } finally {
                      setResend('idle');
                    }
                  }}
                >
                  {t('screen.resend')}
                </button>
                {resend === 'needs-email' ? (
                  <p role="alert" className="text-destructive text-xs">
                    {t('screen.resendNeedsEmail')}
                  </p>
                ) : null}
              </div>
            ) : null}
          </CardContent>
          <CardFooter className="justify-center text-sm">
            {mode === 'signIn' ? (
              <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={() => switchMode('signUp')}>
                {t('screen.toSignUp')}
              </button>
            ) : mode === 'signUp' ? (
              <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={() => switchMode('signIn')}>
                {t('screen.toSignIn')}
              </button>
            ) : (
              <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={() => switchMode('signIn')}>
                {t('screen.backToLogin')}
              </button>
            )}
          </CardFooter>
          <p className="px-6 pb-6 text-center text-xs text-muted-foreground">{t('screen.tagline')}</p>
        </Card>
      </div>
    </main>
  );
}
