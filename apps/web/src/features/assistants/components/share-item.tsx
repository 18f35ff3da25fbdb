import type { ShareTheme } from '@aisle/contracts/sharing';
import { CalendarClockIcon, CodeIcon, ExternalLinkIcon, LinkIcon, PaletteIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { Switch } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import type { AssistantShare } from '../api/shared-assistants-api';
import { expiryText, shareChatUrl, shareStatusChip, widgetSnippet } from '../share-links';
import { ExpiryEditor, ThemeEditor } from './share-item-editors';
import { StatusChip } from './status-chip';

export interface ShareItemActions {
  onToggle: (share: AssistantShare, isActive: boolean) => void;
  onExpiry: (share: AssistantShare, expiresAt: string | null) => Promise<void>;
  onTheme: (share: AssistantShare, theme: ShareTheme) => Promise<void>;
  onDelete: (share: AssistantShare) => void;
}

/**
 * One share link: its status, the on/off switch, the chat link and the widget snippet to copy,
 * "Open chat", the expiry and colours to change, and delete.
 */
export function ShareItem({
  share,
  assistantName,
  origin,
  now,
  actions,
}: {
  share: AssistantShare;
  assistantName: string;
  /** This app's address, which the link and snippet point at. */
  origin: string;
  now: number;
  actions: ShareItemActions;
}) {
  const { t } = useTranslation('assistants');
  const format = useFormat();
  const id = useId();
  const [editing, setEditing] = useState<'expiry' | 'theme' | null>(null);
  const link = shareChatUrl(origin, share.token);
  const snippet = widgetSnippet(origin, share.token);
  const created = Date.parse(share.createdAt);
  const createdText = Number.isNaN(created) ? '' : format.date(created);

  return (
    <li
      aria-label={t('share.item.label', { date: createdText })}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-xl border bg-card p-4"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <StatusChip chip={shareStatusChip(share, now)} />
        <span className="min-w-0 flex-1 text-muted-foreground text-xs">
          {createdText ? `${t('share.item.created', { date: createdText })} · ` : null}
          {expiryText(share.expiresAt, now, format)}
        </span>
        <label htmlFor={`${id}-active`} className="flex items-center gap-2 text-sm">
          <span>{share.isActive ? t('share.item.on') : t('share.item.off')}</span>
          <Switch
            id={`${id}-active`}
            aria-label={t('share.item.visitorsCanChat')}
            checked={share.isActive}
            onCheckedChange={(on) => actions.onToggle(share, on)}
          />
        </label>
      </div>

      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="flex items-center gap-1.5 font-medium text-xs">
          <LinkIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
          {t('share.item.chatLink')}
        </span>
        <div className="flex items-center gap-1.5 rounded-lg border bg-muted/40 py-1 pr-1 pl-2.5">
          <code className="min-w-0 flex-1 truncate text-xs" data-testid="share-link" title={link}>
            {link}
          </code>
          <CopyButton text={link} label={t('share.item.copyLink')} />
          <Button asChild size="sm" variant="ghost">
            <a href={link} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon />
              {t('share.item.openChat')}
            </a>
          </Button>
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="flex items-center gap-1.5 font-medium text-xs">
          <CodeIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
          {t('share.item.widget')}
        </span>
        <div className="flex items-start gap-1.5 rounded-lg border bg-muted/40 py-1 pr-1 pl-2.5">
          <code className="min-w-0 flex-1 break-all py-1.5 text-xs" data-testid="widget-snippet">
            {snippet}
          </code>
          <CopyButton text={snippet} label={t('share.item.copySnippet')} />
        </div>
        <p className="text-muted-foreground text-xs">{t('share.item.snippetHint')}</p>
      </div>

      {editing === 'expiry' ? (
        <ExpiryEditor
          expiresAt={share.expiresAt}
          onSave={(expiresAt) => actions.onExpiry(share, expiresAt)}
          onDone={() => setEditing(null)}
        />
      ) : editing === 'theme' ? (
        <ThemeEditor
          theme={share.theme}
          assistantName={assistantName}
          onSave={(theme) => actions.onTheme(share, theme)}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2 border-t pt-3">
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing('expiry')}>
            <CalendarClockIcon />
            {t('share.item.changeExpiry')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing('theme')}>
            <PaletteIcon />
            {t('share.item.colours')}
            <span aria-hidden="true" className="size-3.5 rounded-full border" style={{ backgroundColor: share.theme.primaryColor }} />
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="ml-auto text-destructive hover:text-destructive"
            onClick={() => actions.onDelete(share)}
          >
            <Trash2Icon />
            {t('share.item.deleteLink')}
          </Button>
        </div>
      )}
    </li>
  );
}
