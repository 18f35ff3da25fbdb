import type { ShareTheme } from '@aisle/contracts/sharing';
import { BotIcon, MessageCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { contrastRatio, READABLE_CONTRAST } from '../share-contrast';

const colourFields = [
  { key: 'primaryColor', label: 'share.theme.mainColour', hint: 'share.theme.mainColourHint' },
  { key: 'primaryTextColor', label: 'share.theme.textColour', hint: 'share.theme.textColourHint' },
] as const satisfies readonly { key: keyof ShareTheme; label: string; hint: string }[];

/** The two theme colours of a share, with a preview of the chat header, a message and the widget launcher. */
export function ShareThemeFields({
  theme,
  assistantName,
  onChange,
}: {
  theme: ShareTheme;
  assistantName: string;
  onChange: (theme: ShareTheme) => void;
}) {
  const { t } = useTranslation('assistants');
  const id = useId();
  const readable = contrastRatio(theme.primaryColor, theme.primaryTextColor) >= READABLE_CONTRAST;
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="grid gap-3">
        {colourFields.map(({ key, label, hint }) => (
          <div key={key} className="flex items-center gap-3">
            <input
              id={`${id}-${key}`}
              type="color"
              value={theme[key]}
              onChange={(event) => onChange({ ...theme, [key]: event.target.value })}
              aria-describedby={`${id}-${key}-hint`}
              className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1"
            />
            <div className="grid min-w-0 gap-0.5">
              <Label htmlFor={`${id}-${key}`}>{t(label)}</Label>
              <span id={`${id}-${key}-hint`} className="text-muted-foreground text-xs">
                {t(hint)} · <code className="uppercase">{theme[key]}</code>
              </span>
            </div>
          </div>
        ))}
        {readable ? null : (
          <p className="flex items-center gap-1.5 text-amber-700 text-xs dark:text-amber-300">
            <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" />
            {t('share.theme.hardToRead')}
          </p>
        )}
      </div>
      <figure aria-label={t('share.theme.preview')} className="flex items-end gap-2">
        <div className="w-44 overflow-hidden rounded-xl border bg-background shadow-sm">
          <div
            className="flex items-center gap-1.5 px-2.5 py-2 font-medium text-xs"
            style={{ backgroundColor: theme.primaryColor, color: theme.primaryTextColor }}
          >
            <BotIcon className="size-3.5" aria-hidden="true" />
            <span className="truncate" title={assistantName}>
              {assistantName}
            </span>
          </div>
          <div className="grid gap-1.5 p-2.5 text-[11px]">
            <span className="justify-self-start rounded-lg rounded-tl-sm bg-muted px-2 py-1">{t('share.theme.previewGreeting')}</span>
            <span
              className="justify-self-end rounded-lg rounded-tr-sm px-2 py-1"
              style={{ backgroundColor: theme.primaryColor, color: theme.primaryTextColor }}
            >
              {t('share.theme.previewQuestion')}
            </span>
          </div>
        </div>
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full shadow-md"
          style={{ backgroundColor: theme.primaryColor, color: theme.primaryTextColor }}
          aria-hidden="true"
        >
          <MessageCircleIcon className="size-4" />
        </span>
      </figure>
    </div>
  );
}
