import { StoreIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '@/app/auth/auth-provider';
import { showAlert } from '@/components/alerts/alert-store';
import { PublicCard } from '@/components/layouts/public-card';
import { paths } from '@/config/paths';
import { shopifyApiKey, waitForAppBridge } from '../app-bridge';
import { shopifyMessages } from '../shopify-messages';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/**
 * `/sh/install`: starts the install, or runs the embedded session again (the reauthorisation
 * header's URL points here). Inside the admin, the bridge signs in afresh (the server exchanges a
 * new store token) and the app opens. Opened by Shopify with its signature, the server's install
 * call redirects to the grant page. With only `shop`, the app is opened in that shop's admin,
 * where Shopify installs or re-authorises it.
 */
export function ShopInstall() {
  const { t } = useTranslation('setup');
  const { sessionStore } = useAuth();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const shop = params.get('shop')?.toLowerCase() ?? '';
    void (async () => {
      const bridge = window.self !== window.top ? await waitForAppBridge() : null;
      if (bridge) {
        const token = await sessionStore.embeddedSignIn();
        if (token) navigate(paths.dashboard, { replace: true });
        else setProblem(shopifyMessages.authorizeFailed);
        return;
      }
      if (params.has('hmac') && SHOP_DOMAIN.test(shop)) {
        window.open(`/api/sh/install/${window.location.search}`, '_top');
        return;
      }
      const apiKey = shopifyApiKey();
      if (SHOP_DOMAIN.test(shop) && apiKey) {
        window.open(`https://${shop}/admin/apps/${encodeURIComponent(apiKey)}`, '_top');
        return;
      }
      setProblem(shopifyMessages.authorizeFailed);
      showAlert({ variant: 'destructive', message: shopifyMessages.authorizeFailed });
    })();
  }, [sessionStore, navigate]);

  return (
    <PublicCard title={t('shopify.install.title')} description={problem ?? t('shopify.install.connecting')}>
      <StoreIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
    </PublicCard>
  );
}
