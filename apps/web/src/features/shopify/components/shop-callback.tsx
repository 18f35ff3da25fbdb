import { StoreIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '@/app/auth/auth-provider';
import { showAlert } from '@/components/alerts/alert-store';
import { PublicCard } from '@/components/layouts/public-card';
import { DEFAULT_TIER } from '@/config/constants';
import { paths } from '@/config/paths';
import { shopCallbackRequest } from '../api/validate-session';
import { shopifyMessages } from '../shopify-messages';

/**
 * `/sh/callback`: Shopify's grant page comes back here. The whole query (code, hmac, host, shop,
 * state, timestamp) goes to `GET /api/sh/callback/`; its tokens sign the shop's account in (never
 * admin, spec §4), the address loses its query (spec §4), and the app opens.
 */
export function ShopCallback() {
  const { t } = useTranslation('setup');
  const { sessionStore } = useAuth();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const called = useRef(false);

  useEffect(() => {
    // A grant code works once: never call twice (React's development double effects).
    if (called.current) return;
    called.current = true;
    const { pathname, search } = window.location;
    if (!new URLSearchParams(search).has('code')) {
      setFailed(true);
      return;
    }
    shopCallbackRequest(search)
      .then((answer) => {
        sessionStore.signIn({
          accessToken: answer.access_token,
          refreshToken: answer.refresh_token,
          user: { email: answer.email, admin: false, tier: answer.tier || DEFAULT_TIER, user_avatar_url: null },
        });
        window.history.replaceState(window.history.state, '', pathname);
        navigate(paths.dashboard, { replace: true });
      })
      .catch((error: unknown) => {
        console.warn('Shopify callback failed', error);
        showAlert({ variant: 'destructive', message: shopifyMessages.callbackFailed });
        setFailed(true);
      });
  }, [sessionStore, navigate]);

  return (
    <PublicCard
      title={failed ? t('shopify.messages.callbackFailed') : t('shopify.callback.title')}
      description={failed ? t('shopify.callback.retry') : t('shopify.callback.connecting')}
    >
      <StoreIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
    </PublicCard>
  );
}
