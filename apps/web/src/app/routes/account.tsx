import { UserRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { ProfileSettings } from '@/features/accounts/components/profile-settings';
import { ReplySignatureSettings } from '@/features/accounts/components/reply-signature-settings';
import { CheckoutStatus } from '@/features/billing/components/checkout-status';
import { CreditSection } from '@/features/billing/components/credit-section';
import { PlanSection } from '@/features/billing/components/plan-section';
import { useAccountLive } from '@/features/billing/hooks/use-account-live';

/**
 * /account (spec §2: where users land after login, reached from "Account Settings" and "Upgrade
 * tier"): profile, plan with usage, credit with the ledger, and how replies are signed. Back from
 * a checkout (`?checkout=<id>`) it shows the checkout's state, updated live.
 */
export default function AccountRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');
  useAccountLive();
  return (
    <div className="pb-8">
      <div className="mx-auto w-full max-w-4xl px-4 pt-4 md:px-8 md:pt-8">
        <ScreenHeader title={t('accountPage.title')} icon={UserRoundIcon} summary={t('accountPage.summary')} />
      </div>
      {checkoutId && checkoutId !== 'cancelled' ? <CheckoutStatus checkoutId={checkoutId} /> : null}
      <ProfileSettings />
      <PlanSection />
      <CreditSection />
      <ReplySignatureSettings />
    </div>
  );
}
