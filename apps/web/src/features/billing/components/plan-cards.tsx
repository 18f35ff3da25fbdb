import { LIMIT_NAMES, type Tier } from '@aisle/contracts/billing';
import { CheckIcon, LoaderCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { LIMIT_AMOUNT } from './limit-text';

interface PlanCardsProps {
  tiers: Tier[];
  current: string;
  /** Null: paid plans are not available on this server. */
  canBuy: boolean;
  busyTier: string | null;
  onChoose(tier: string): void;
  /** Going back to the free tier is cancelling the subscription (the portal, or Shopify). */
  onManage: (() => void) | null;
}

/** The tiers side by side with what each allows: Upgrade to a higher one, Change to a lower one. */
export function PlanCards({ tiers, current, canBuy, busyTier, onChoose, onManage }: PlanCardsProps) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const currentRank = tiers.find((tier) => tier.tier === current)?.rank ?? 0;
  return (
    <ul className="grid gap-3 md:grid-cols-3" aria-label={t('plans.label')}>
      {tiers.map((tier) => {
        const isCurrent = tier.tier === current;
        const free = tier.monthly_price_usd === 0;
        const upgrade = tier.rank > currentRank;
        return (
          <li key={tier.tier} className="flex flex-col rounded-lg border p-4" aria-label={t('plans.planLabel', { name: tier.name })}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold">{tier.name}</h3>
              {isCurrent ? <Badge>{t('plans.current')}</Badge> : null}
            </div>
            <p className="mt-1 text-2xl font-semibold tabular-nums">
              {free ? t('plans.free') : format.money(tier.monthly_price_usd, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
              {free ? null : <span className="font-normal text-muted-foreground text-sm"> {t('plans.perMonth')}</span>}
            </p>
            <ul className="mt-3 flex-1 space-y-1 text-sm">
              {LIMIT_NAMES.map((name) => (
                <li key={name} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>{t(LIMIT_AMOUNT[name], { count: tier.limits[name], value: format.number(tier.limits[name]) })}</span>
                </li>
              ))}
            </ul>
            {isCurrent ? null : free ? (
              onManage ? (
                <Button variant="outline" className="mt-4" onClick={onManage}>
                  {t('plans.change')}
                </Button>
              ) : null
            ) : (
              <Button
                className="mt-4"
                variant={upgrade ? 'default' : 'outline'}
                disabled={!canBuy || busyTier !== null}
                onClick={() => onChoose(tier.tier)}
                aria-label={upgrade ? t('plans.upgradeTo', { name: tier.name }) : t('plans.changeTo', { name: tier.name })}
              >
                {busyTier === tier.tier ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
                {upgrade ? t('plans.upgrade') : t('plans.change')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
