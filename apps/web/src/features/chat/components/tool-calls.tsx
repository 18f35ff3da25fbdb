import type { ToolCall } from '@aisle/contracts/chat';
import { CheckCircle2Icon, ChevronRightIcon, LoaderCircleIcon, WrenchIcon, XCircleIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';

const pretty = (value: unknown) => {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
};

function ToolCallStatus({ call }: { call: ToolCall }) {
  const { t } = useTranslation('chat');
  if (call.ok === undefined)
    return <LoaderCircleIcon className="size-3.5 animate-spin text-muted-foreground" aria-label={t('toolCalls.running')} />;
  return call.ok ? (
    <CheckCircle2Icon className="size-3.5 text-emerald-600" aria-label={t('toolCalls.succeeded')} />
  ) : (
    <XCircleIcon className="size-3.5 text-destructive" aria-label={t('toolCalls.failed')} />
  );
}

/**
 * The functions an assistant ran on the way to its answer: one line each ("Used order_status"),
 * opening to the arguments it sent and what came back (or the error), so the merchant can see why
 * the assistant said what it said.
 */
export function ToolCallList({ calls }: { calls: readonly ToolCall[] }) {
  const { t } = useTranslation('chat');
  if (!calls.length) return null;
  return (
    <ul className="mb-2 space-y-1" aria-label={t('toolCalls.label')}>
      {calls.map((call) => (
        <li key={call.toolCallId}>
          <details className="group rounded-lg border bg-muted/40 text-xs">
            <summary className="flex cursor-pointer list-none items-center gap-1.5 px-2.5 py-1.5 text-muted-foreground [&::-webkit-details-marker]:hidden">
              <ChevronRightIcon className="size-3.5 transition-transform group-open:rotate-90" aria-hidden="true" />
              <WrenchIcon className="size-3.5" aria-hidden="true" />
              <span>
                <Trans
                  t={t}
                  i18nKey={call.ok === undefined ? 'toolCalls.runningName' : 'toolCalls.usedName'}
                  values={{ name: call.name }}
                  components={{ code: <code className="font-medium font-mono text-foreground" /> }}
                />
              </span>
              <span className="ml-auto">
                <ToolCallStatus call={call} />
              </span>
            </summary>
            <div className="space-y-2 border-t px-2.5 py-2">
              <div>
                <p className="mb-0.5 font-medium text-muted-foreground">{t('toolCalls.arguments')}</p>
                <pre className="max-h-40 overflow-auto rounded bg-background p-2 font-mono text-[11px] whitespace-pre-wrap break-all">
                  {pretty(call.input) || '{}'}
                </pre>
              </div>
              {call.ok === undefined ? null : call.ok ? (
                <div>
                  <p className="mb-0.5 font-medium text-muted-foreground">{t('toolCalls.result')}</p>
                  <pre className="max-h-40 overflow-auto rounded bg-background p-2 font-mono text-[11px] whitespace-pre-wrap break-all">
                    {pretty(call.output) || t('toolCalls.noResult')}
                  </pre>
                </div>
              ) : (
                <p role="alert" className="text-destructive">
                  {call.error}
                </p>
              )}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
