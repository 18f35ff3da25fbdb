import { XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { alertStore, useAlerts } from './alert-store';

/** The alert area of spec §2: top right, full width on mobile, newest last. */
export function AlertArea() {
  const alerts = useAlerts();
  const { t } = useTranslation();
  // Only while there is something to read: an empty landmark is noise to screen readers (each
  // alert announces itself, role alert or status).
  if (!alerts.length) return null;
  return (
    <section
      aria-label={t('alerts.label')}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col gap-2 p-3 md:inset-x-auto md:right-0 md:w-[420px]"
    >
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          variant={alert.variant}
          role={alert.variant === 'destructive' || alert.variant === 'warning' ? 'alert' : 'status'}
          data-fading={alert.fading || undefined}
          className={cn(
            'pointer-events-auto bg-background pr-10 shadow-lg transition-opacity duration-1000',
            alert.fading ? 'opacity-0' : 'opacity-100',
          )}
        >
          {alert.title ? <AlertTitle>{alert.title}</AlertTitle> : null}
          <AlertDescription>{alert.message}</AlertDescription>
          <button
            type="button"
            aria-label={t('actions.close')}
            onClick={() => alertStore.dismiss(alert.id)}
            className="absolute top-3 right-3 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon className="size-4" />
          </button>
        </Alert>
      ))}
    </section>
  );
}
