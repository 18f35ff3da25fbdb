import { ShieldAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { violationReasons } from '../function-status';

/** Why the code breaks the sandbox rules, and what that means for the owner. */
export function ViolationsAlert({ because }: { because: string | null }) {
  const { t } = useTranslation('functions');
  const reasons = violationReasons(because);
  return (
    <Alert variant="destructive">
      <ShieldAlertIcon aria-hidden="true" />
      <AlertTitle>{t('violations.title')}</AlertTitle>
      <AlertDescription>
        {reasons.length > 0 ? (
          <ul className="list-disc space-y-1 pl-4">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        <p>{t('violations.body')}</p>
      </AlertDescription>
    </Alert>
  );
}
