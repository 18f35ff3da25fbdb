import type { Assistant } from '@aisle/contracts/assistants';
import { Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { SharePanel } from './share-panel';

/** The card's "Share" button and the side sheet with the assistant's share links. */
export function ShareButton({ assistant }: { assistant: Pick<Assistant, 'id' | 'assistantName'> }) {
  const { t } = useTranslation('assistants');
  const [open, setOpen] = useState(false);
  const name = assistant.assistantName;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('share.buttonLabel', { name })}>
        <Share2Icon />
        {t('share.button')}
      </Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent side="right" className="w-full gap-0 p-0 sm:max-w-xl">
          <SheetHeader className="border-b px-5 py-4">
            <SheetTitle className="truncate text-lg" title={name}>
              {t('share.sheetTitle', { name })}
            </SheetTitle>
            <SheetDescription>{t('share.sheetDescription')}</SheetDescription>
          </SheetHeader>
          <div className="min-h-0 flex-1 overflow-y-auto bg-muted/30 p-4 sm:p-5">{open ? <SharePanel assistant={assistant} /> : null}</div>
        </SheetContent>
      </Sheet>
    </>
  );
}
