import { type OrderHelpAction, type OrderHelpSettings, orderHelpActions } from '@aisle/contracts/commerce';
import { PackageSearchIcon, ShieldCheckIcon, StoreIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Switch } from '@/components/form-controls';
import { paths } from '@/config/paths';
import { FormSection } from './form-section';

/** Each action's switch and the line under it, by the action's name in the contract. */
const ACTION_KEYS = {
  status: { label: 'editor.orderHelp.status', hint: 'editor.orderHelp.statusHint' },
  returns: { label: 'editor.orderHelp.returns', hint: 'editor.orderHelp.returnsHint' },
  addressChange: { label: 'editor.orderHelp.addressChange', hint: 'editor.orderHelp.addressChangeHint' },
  resendConfirmation: { label: 'editor.orderHelp.resendConfirmation', hint: 'editor.orderHelp.resendConfirmationHint' },
} as const satisfies Record<OrderHelpAction, { label: string; hint: string }>;

/**
 * The built-in order help (issue 32 §4): one switch per action, how shoppers prove an order is
 * theirs, and, without a connected Shopify store (`shopConnected` false), that one is needed, with
 * the way to connect it. While the connection is not known yet, nothing is said about it.
 */
export function OrderHelpSection({
  id,
  value,
  shopConnected,
  onChange,
}: {
  id: string;
  value: OrderHelpSettings;
  shopConnected?: boolean;
  onChange: (value: OrderHelpSettings) => void;
}) {
  const { t } = useTranslation('assistants');
  return (
    <FormSection title={t('editor.orderHelp.title')} icon={PackageSearchIcon} description={t('editor.orderHelp.description')}>
      {shopConnected === false ? (
        <div className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-amber-900 text-sm dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <StoreIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            {t('editor.orderHelp.noShop')}{' '}
            <Link to={paths.shopPreferences} className="font-medium underline underline-offset-4">
              {t('editor.orderHelp.connectShop')}
            </Link>
          </p>
        </div>
      ) : null}
      <ul className="grid gap-2">
        {orderHelpActions.map((action) => {
          const switchId = `${id}-${action}`;
          return (
            <li
              key={action}
              className="flex items-center justify-between gap-4 rounded-lg border bg-background px-3 py-2.5 dark:bg-input/20"
            >
              <div className="grid min-w-0 gap-0.5">
                <label htmlFor={switchId} className="font-medium text-sm">
                  {t(ACTION_KEYS[action].label)}
                </label>
                <span id={`${switchId}-hint`} className="text-muted-foreground text-xs">
                  {t(ACTION_KEYS[action].hint)}
                </span>
              </div>
              <Switch
                id={switchId}
                checked={value[action]}
                aria-describedby={`${switchId}-hint`}
                onCheckedChange={(on) => onChange({ ...value, [action]: on })}
              />
            </li>
          );
        })}
      </ul>
      <p className="flex items-start gap-2 text-muted-foreground text-xs">
        <ShieldCheckIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {t('editor.orderHelp.verification')}
      </p>
    </FormSection>
  );
}
