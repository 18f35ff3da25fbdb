import { CheckCircle2Icon, Loader2Icon, XCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authMessages, describeAuthError } from '@/app/auth/auth-messages';
import { useAuth } from '@/app/auth/auth-provider';
import { PublicCard } from '@/components/layouts/public-card';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

type State = { state: 'verifying' } | { state: 'verified' } | { state: 'already-verified' } | { state: 'failed'; message: string };

/** `/users/verify-email?key=…`: confirms the address through the API (spec §2, §8). */
export default function VerifyEmailRoute() {
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
      <PublicCard title="Verifying your email" description="One moment while we confirm your address.">
        <Loader2Icon className="mx-auto size-6 animate-spin text-muted-foreground" aria-label="Verifying" />
      </PublicCard>
    );
  }
  if (result.state === 'verified' || result.state === 'already-verified') {
    const fresh = result.state === 'verified';
    return (
      <PublicCard
        title={fresh ? authMessages.emailVerified : 'Email already verified'}
        description={fresh ? 'You can now sign in to Aisle.' : 'Your email address was verified earlier. Sign in to continue.'}
      >
        <CheckCircle2Icon className="mx-auto size-10 text-success" aria-hidden="true" />
        <Button asChild>
          <Link to={paths.home}>Continue to sign in</Link>
        </Button>
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Email not verified" description={result.message}>
      <XCircleIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
      <Button asChild variant="outline">
        <Link to={paths.home}>Back to Login</Link>
      </Button>
    </PublicCard>
  );
}
