import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { useFunction } from '../api/get-function';
import { useFunctions } from '../hooks/use-functions';
import { FunctionWorkspace } from './function-workspace';

/**
 * Loads one function with its code, then opens it. The live list is newer for everything but the
 * code (it follows the server's events), so its fields win.
 */
export function FunctionView({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('functions');
  const detail = useFunction(id);
  const { items } = useFunctions();
  const live = items.find((fn) => fn.id === id);

  if (detail.isPending) {
    return (
      <div role="status" className="grid gap-4">
        <span className="sr-only">{t('view.loading')}</span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-destructive text-sm">
          {detail.isError ? apiErrorText(detail.error, t('view.loadFailed')) : t('view.gone')}
        </p>
        <Button variant="outline" size="sm" onClick={onClose}>
          <ArrowLeftIcon aria-hidden="true" />
          {t('view.back')}
        </Button>
      </div>
    );
  }
  const fn = { ...detail.data, ...live, code: detail.data.code };
  return <FunctionWorkspace key={id} fn={fn} onClose={onClose} />;
}
