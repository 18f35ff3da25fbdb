import type { Assistant } from '@aisle/contracts/assistants';
import { FlaskConicalIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { TestSuitePanel } from './test-suite-panel';

/** The query parameter that opens an assistant's test suite (`/assistants?tests=<id>`: the regression e-mail's link). */
export const TESTS_PARAM = 'tests';

/** The card's "Tests" button and the side sheet with the assistant's test suite (open at once when the address names it). */
export function TestsButton({ assistant }: { assistant: Pick<Assistant, 'id' | 'assistantName'> }) {
  const { t } = useTranslation('assistants');
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpenState] = useState(() => searchParams.get(TESTS_PARAM) === assistant.id);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    // Closed: the address no longer opens it (a reload shows the list).
    if (!next && searchParams.has(TESTS_PARAM)) {
      setSearchParams(
        (params) => {
          params.delete(TESTS_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  };
  const name = assistant.assistantName;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('tests.buttonLabel', { name })}>
        <FlaskConicalIcon />
        {t('tests.button')}
      </Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent side="right" className="w-full gap-0 p-0 sm:max-w-2xl">
          <SheetHeader className="border-b px-5 py-4">
            <SheetTitle className="truncate text-lg" title={name}>
              {t('tests.sheetTitle', { name })}
            </SheetTitle>
            <SheetDescription>{t('tests.sheetDescription')}</SheetDescription>
          </SheetHeader>
          <div className="min-h-0 flex-1 overflow-y-auto bg-muted/30 p-4 sm:p-5">
            {open ? <TestSuitePanel assistant={assistant} /> : null}
          </div>
        </SheetContent>
      </Sheet>
    </>
  );
}
