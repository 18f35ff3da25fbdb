import { UserRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { LanguageSettings } from '@/features/accounts/components/language-settings';
import { ProfileSettings } from '@/features/accounts/components/profile-settings';
import { ReplySignatureSettings } from '@/features/accounts/components/reply-signature-settings';
import { SecuritySettings } from '@/features/accounts/components/security-settings';
import { CheckoutStatus } from '@/features/billing/components/checkout-status';
import { CreditSection } from '@/features/billing/components/credit-section';
import { PlanSection } from '@/features/billing/components/plan-section';
import { useAccountLive } from '@/features/billing/hooks/use-account-live';
import { GetStarted } from '@/features/onboarding/components/get-started';

/**
 * /account (spec §2: where users land after login, reached from "Account Settings" and "Upgrade
 * tier"): a new merchant's Get started checklist, profile, language, plan with usage, credit with
 * the ledger, how replies are signed, and password, e-mail and account deletion. Back from
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
      <GetStarted />
      <ProfileSettings />
      <LanguageSettings />
      <PlanSection />
      <CreditSection />
      <ReplySignatureSettings />
      <SecuritySettings />
    </div>
  );
}
