import type { FunctionItem } from '@aisle/contracts/functions';
import { useTranslation } from 'react-i18next';
import { functionStatusInfo } from '../function-status';
import { FunctionStatusBadge } from './function-status-badge';
import { HostChips } from './host-chips';
import { ViolationsAlert } from './violations-alert';

/** The result of the last check or run: status in words, the log, rule violations and the hosts called. */
export function FunctionStatusPanel({ fn }: { fn: FunctionItem }) {
  const { t } = useTranslation('functions');
  const hosts = fn.thirdPartyServices ?? [];
  return (
    <div className="grid gap-3">
      {fn.isViolatingRules || fn.status === 'violating' ? <ViolationsAlert because={fn.violatingBecause} /> : null}
      <div className="grid gap-2 rounded-lg border bg-muted/30 px-4 py-3 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="sr-only">{t('statusPanel.status')}</span>
          <FunctionStatusBadge status={fn.status} />
          <span className="text-muted-foreground">{functionStatusInfo(fn.status).hint}</span>
        </p>
        {fn.log ? (
          <div className="grid gap-1">
            <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{t('statusPanel.log')}</h4>
            <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-md bg-background p-2 font-mono text-xs">
              {fn.log}
            </pre>
          </div>
        ) : null}
        {hosts.length > 0 ? (
          <p className="flex flex-wrap items-center gap-1.5">
            <span className="text-muted-foreground">{t('statusPanel.calls')}</span>
            <HostChips hosts={hosts} className="text-xs" />
          </p>
        ) : null}
      </div>
    </div>
  );
}
