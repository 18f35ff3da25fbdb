import { UserRoundIcon } from 'lucide-react';
import { useAuth } from '@/app/auth/auth-provider';
import { ComingScreen } from '@/components/layouts/coming-screen';
import { Badge } from '@/components/ui/badge';
import { DEFAULT_TIER } from '@/config/constants';
import { ReplySignatureSettings } from '@/features/accounts/components/reply-signature-settings';

export default function AccountRoute() {
  const { user } = useAuth();
  return (
    <>
      {user ? (
        <section aria-label="Signed in as" className="mx-auto w-full max-w-4xl px-4 pt-4 md:px-8 md:pt-8">
          <div className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4">
            <div className="min-w-0 flex-1">
              <p className="text-xs text-muted-foreground">Signed in as</p>
              <p className="truncate font-medium">{user.email}</p>
            </div>
            <Badge variant="secondary">{user.tier || DEFAULT_TIER} tier</Badge>
            {user.admin ? <Badge>Staff</Badge> : null}
          </div>
        </section>
      ) : null}
      <ReplySignatureSettings />
      <ComingScreen
        title="Account"
        icon={UserRoundIcon}
        summary="Your profile, plan and credit."
        items={['Profile and avatar', 'Tier, limits and usage', 'Subscriptions, top-ups and transactions']}
      />
    </>
  );
}
