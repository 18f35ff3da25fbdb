import type { TestSuiteFile } from '@aisle/contracts/test-suites';
import { DownloadIcon, LoaderCircleIcon, UploadIcon } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import type { AddedCases } from '../api/test-suite-api';
import { readSuiteFile, suiteFileName } from '../test-suite-runs';

function downloadJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The suite as a file: "Export" downloads it (aisle.test-suite/1, no ids, for another store's
 * assistant); "Import" reads a picked file, checks it is a suite before sending it, and says how
 * many questions were added and skipped, or why it was refused.
 */
export function TestSuiteTransfer({
  assistantName,
  canExport = true,
  onExport,
  onImport,
  onImported,
}: {
  assistantName: string;
  /** False while the suite is empty: there is nothing to export. */
  canExport?: boolean;
  onExport: () => Promise<TestSuiteFile>;
  onImport: (suite: TestSuiteFile) => Promise<AddedCases>;
  onImported: (added: AddedCases) => void;
}) {
  const { t } = useTranslation('assistants');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const exportSuite = async () => {
    setBusy('export');
    setError(null);
    try {
      downloadJson(await onExport(), suiteFileName(assistantName));
    } catch (failure) {
      setError(apiErrorText(failure, t('tests.transfer.exportFailed')));
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be picked again after a fix.
    event.target.value = '';
    if (!file) return;
    setError(null);
    const read = readSuiteFile(await file.text());
    if ('error' in read) {
      setError(t('tests.transfer.refused', { file: file.name, reason: read.error }));
      return;
    }
    setBusy('import');
    try {
      onImported(await onImport(read.suite));
    } catch (failure) {
      setError(t('tests.transfer.refused', { file: file.name, reason: apiErrorText(failure, t('tests.transfer.importFailed')) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {canExport ? (
        <Button type="button" size="sm" variant="outline" disabled={busy !== null} onClick={() => void exportSuite()}>
          {busy === 'export' ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <DownloadIcon />}
          {t('tests.transfer.export')}
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="outline" disabled={busy !== null} onClick={() => input.current?.click()}>
        {busy === 'import' ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <UploadIcon />}
        {t('tests.transfer.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label={t('tests.transfer.fileLabel')}
        onChange={(event) => void importFile(event)}
      />
      {error ? (
        <p role="alert" className="w-full wrap-anywhere text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </>
  );
}
