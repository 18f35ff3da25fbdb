import type { ShopSettingsUpdate } from '@aisle/contracts/shopify';
import { ExternalLinkIcon, RefreshCwIcon, StoreIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/components/alerts/alert-store';
import { Field, Switch, Textarea } from '@/components/form-controls';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { type Formatters, useFormat } from '@/i18n/format';
import { ApiError } from '@/lib/api-client';
import { useSaveShopSettings, useShopSettings, useSyncCatalog, useUserStores } from '../api/shop-preferences-api';
import { shopifyApiKey } from '../app-bridge';
import { shopifyMessages } from '../shopify-messages';
import { themeEditorLink } from '../theme-editor-link';

const errorText = (error: unknown) =>
  error instanceof ApiError
    ? error.isNetworkError
      ? shopifyMessages.networkError
      : ((error.data as { detail?: string } | null)?.detail ?? error.message)
    : String(error);

/** A date and time as the browser's `toLocaleString()` writes it, in the interface's language. */
const dateAndTime = (format: Formatters, iso: string) =>
  format.dateParts(iso, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * `/sh/preferences/` (spec §2: the Integrations section's only entry): the connected shop and its
 * status, the storefront widget's settings, the catalog's last sync with "Sync now", and the link
 * that turns the theme's app embed on.
 */
export function ShopPreferences() {
  const { t } = useTranslation('setup');
  const stores = useUserStores();
  const settings = useShopSettings();
  const shop = stores.data?.[0];
  const apiKey = shopifyApiKey();
  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-6">
      <ScreenHeader title={t('shopify.preferences.title')} icon={StoreIcon} summary={t('shopify.preferences.summary')} />
      {stores.isError ? <p className="text-destructive text-sm">{errorText(stores.error)}</p> : null}
      {stores.isSuccess && !shop ? <p className="text-muted-foreground text-sm">{t('shopify.preferences.noStore')}</p> : null}
      {shop ? (
        <div className="grid gap-4">
          <Card>
            <CardHeader>
              <CardTitle>{shop.shop_name ?? shop.shop_domain}</CardTitle>
              <CardDescription>{shop.shop_domain}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <div className="flex items-center gap-2">
                <span>{t('shopify.preferences.connection')}</span>
                {shop.needs_reauthorization ? (
                  <Badge variant="destructive">{t('shopify.preferences.reconnect')}</Badge>
                ) : (
                  <Badge variant="secondary">{t('shopify.preferences.connected')}</Badge>
                )}
              </div>
              <CatalogSync syncedAt={shop.catalog_synced_at} />
              {apiKey ? (
                <Button asChild variant="outline" className="justify-self-start">
                  <a href={themeEditorLink(shop.shop_domain, apiKey)} target="_top" rel="noreferrer">
                    <ExternalLinkIcon aria-hidden="true" />
                    {t('shopify.preferences.turnOnInTheme')}
                  </a>
                </Button>
              ) : null}
            </CardContent>
          </Card>
          {settings.data ? <WidgetSettings key={settings.data.updatedAt ?? 'new'} initial={settings.data} shop={shop.shop_domain} /> : null}
          {settings.isError ? <p className="text-destructive text-sm">{errorText(settings.error)}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function CatalogSync({ syncedAt }: { syncedAt: string | null }) {
  const { t } = useTranslation('setup');
  const format = useFormat();
  const sync = useSyncCatalog();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span>{t('shopify.preferences.lastSync', { date: syncedAt ? dateAndTime(format, syncedAt) : t('shopify.preferences.never') })}</span>
      <Button
        size="sm"
        variant="outline"
        disabled={sync.isPending}
        onClick={() =>
          sync.mutate(undefined, {
            onSuccess: () => showAlert({ variant: 'success', message: t('shopify.preferences.syncStarted') }),
            onError: (error) => showAlert({ variant: 'destructive', message: errorText(error) }),
          })
        }
      >
        <RefreshCwIcon aria-hidden="true" className={sync.isPending ? 'animate-spin' : undefined} />
        {t('shopify.preferences.syncNow')}
      </Button>
    </div>
  );
}

type Settings = NonNullable<ReturnType<typeof useShopSettings>['data']>;

function WidgetSettings({ initial, shop }: { initial: Settings; shop: string }) {
  const { t } = useTranslation('setup');
  const save = useSaveShopSettings();
  const [form, setForm] = useState({
    widgetEnabled: initial.widgetEnabled,
    primaryColor: initial.colors.primaryColor,
    primaryTextColor: initial.colors.primaryTextColor,
    greeting: initial.greeting ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const changes: ShopSettingsUpdate = {
      shop,
      widgetEnabled: form.widgetEnabled,
      colors: { primaryColor: form.primaryColor, primaryTextColor: form.primaryTextColor },
      greeting: form.greeting || null,
    };
    save.mutate(changes, {
      onSuccess: () => showAlert({ variant: 'success', message: t('shopify.preferences.saved') }),
      onError: (error) => {
        const data = error instanceof ApiError ? (error.data as Record<string, unknown> | null) : null;
        const fields = Object.fromEntries(
          Object.entries(data ?? {})
            .filter(([key, value]) => key !== 'detail' && Array.isArray(value))
            .map(([key, value]) => [key, String((value as unknown[])[0])]),
        );
        setErrors(fields);
        if (!Object.keys(fields).length) showAlert({ variant: 'destructive', message: errorText(error) });
      },
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('shopify.preferences.storefrontChat')}</CardTitle>
        <CardDescription>
          {initial.sharedAssistantId ? t('shopify.preferences.sharedAssistant') : t('shopify.preferences.runWizard')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit}>
          <div className="flex items-center gap-3">
            <Switch
              id="widget-enabled"
              checked={form.widgetEnabled}
              onCheckedChange={(checked) => setForm({ ...form, widgetEnabled: checked })}
            />
            <label htmlFor="widget-enabled" className="text-sm">
              {t('shopify.preferences.showChat')}
            </label>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="primary-color" label={t('shopify.preferences.buttonColour')} error={errors.colors}>
              <Input
                id="primary-color"
                type="color"
                value={form.primaryColor}
                onChange={(e) => setForm({ ...form, primaryColor: e.target.value })}
              />
            </Field>
            <Field id="primary-text-color" label={t('shopify.preferences.buttonTextColour')}>
              <Input
                id="primary-text-color"
                type="color"
                value={form.primaryTextColor}
                onChange={(e) => setForm({ ...form, primaryTextColor: e.target.value })}
              />
            </Field>
          </div>
          <Field id="greeting" label={t('shopify.preferences.greeting')} error={errors.greeting}>
            <Textarea
              id="greeting"
              value={form.greeting}
              maxLength={500}
              onChange={(e) => setForm({ ...form, greeting: e.target.value })}
            />
          </Field>
          <Button type="submit" className="justify-self-start" disabled={save.isPending}>
            {t('shopify.preferences.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
