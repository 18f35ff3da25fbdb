import type { ShopSettingsUpdate } from '@aisle/contracts/shopify';
import { ExternalLinkIcon, RefreshCwIcon, StoreIcon } from 'lucide-react';
import { useState } from 'react';
import { showAlert } from '@/components/alerts/alert-store';
import { Field, Switch, Textarea } from '@/components/form-controls';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
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

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/**
 * `/sh/preferences/` (spec §2: the Integrations section's only entry): the connected shop and its
 * status, the storefront widget's settings, the catalog's last sync with "Sync now", and the link
 * that turns the theme's app embed on.
 */
export function ShopPreferences() {
  const stores = useUserStores();
  const settings = useShopSettings();
  const shop = stores.data?.[0];
  const apiKey = shopifyApiKey();
  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-6">
      <ScreenHeader title="Preferences" icon={StoreIcon} summary="Your Shopify store connection and storefront chat." />
      {stores.isError ? <p className="text-destructive text-sm">{errorText(stores.error)}</p> : null}
      {stores.isSuccess && !shop ? (
        <p className="text-muted-foreground text-sm">No Shopify store is connected. Install Aisle from the Shopify App Store.</p>
      ) : null}
      {shop ? (
        <div className="grid gap-4">
          <Card>
            <CardHeader>
              <CardTitle>{shop.shop_name ?? shop.shop_domain}</CardTitle>
              <CardDescription>{shop.shop_domain}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <div className="flex items-center gap-2">
                <span>Connection:</span>
                {shop.needs_reauthorization ? (
                  <Badge variant="destructive">Reconnect from your Shopify admin</Badge>
                ) : (
                  <Badge variant="secondary">Connected</Badge>
                )}
              </div>
              <CatalogSync syncedAt={shop.catalog_synced_at} />
              {apiKey ? (
                <Button asChild variant="outline" className="justify-self-start">
                  <a href={themeEditorLink(shop.shop_domain, apiKey)} target="_top" rel="noreferrer">
                    <ExternalLinkIcon aria-hidden="true" />
                    Turn on the chat in your theme
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
  const sync = useSyncCatalog();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span>Last catalog sync: {when(syncedAt)}</span>
      <Button
        size="sm"
        variant="outline"
        disabled={sync.isPending}
        onClick={() =>
          sync.mutate(undefined, {
            onSuccess: () => showAlert({ variant: 'success', message: 'Your catalog is being read again.' }),
            onError: (error) => showAlert({ variant: 'destructive', message: errorText(error) }),
          })
        }
      >
        <RefreshCwIcon aria-hidden="true" className={sync.isPending ? 'animate-spin' : undefined} />
        Sync now
      </Button>
    </div>
  );
}

type Settings = NonNullable<ReturnType<typeof useShopSettings>['data']>;

function WidgetSettings({ initial, shop }: { initial: Settings; shop: string }) {
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
      onSuccess: () => showAlert({ variant: 'success', message: 'Preferences saved.' }),
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
        <CardTitle>Storefront chat</CardTitle>
        <CardDescription>
          {initial.sharedAssistantId
            ? 'Shoppers chat with your shared assistant on your store.'
            : 'Run the setup wizard to create the storefront assistant.'}
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
              Show the chat on my store
            </label>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="primary-color" label="Button colour" error={errors.colors}>
              <Input
                id="primary-color"
                type="color"
                value={form.primaryColor}
                onChange={(e) => setForm({ ...form, primaryColor: e.target.value })}
              />
            </Field>
            <Field id="primary-text-color" label="Button text colour">
              <Input
                id="primary-text-color"
                type="color"
                value={form.primaryTextColor}
                onChange={(e) => setForm({ ...form, primaryTextColor: e.target.value })}
              />
            </Field>
          </div>
          <Field id="greeting" label="Greeting" error={errors.greeting}>
            <Textarea
              id="greeting"
              value={form.greeting}
              maxLength={500}
              onChange={(e) => setForm({ ...form, greeting: e.target.value })}
            />
          </Field>
          <Button type="submit" className="justify-self-start" disabled={save.isPending}>
            Save
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
