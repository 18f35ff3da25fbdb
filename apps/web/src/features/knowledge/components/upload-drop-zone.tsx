import { acceptedExtensions } from '@aisle/contracts/knowledge';
import { CloudUploadIcon, FolderOpenIcon } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const accept = acceptedExtensions.join(',');
const formats = 'PDF, DOCX, HTML, Markdown, TXT, CSV, JSON';

/** Drop many files at once, or choose them; the picker offers the formats ingestion reads. */
export function UploadDropZone({ onFiles, disabled = false }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('knowledge');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child; count them so the highlight does not flicker.
  const depth = useRef(0);

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

  return (
    <section
      aria-label={t('dropZone.label')}
      onDragEnter={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (disabled) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:flex-row sm:gap-4 sm:py-5 sm:text-left',
        over ? 'border-primary bg-primary/5' : 'border-border bg-muted/30',
        disabled && 'opacity-60',
      )}
    >
      <span
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-full bg-background text-muted-foreground shadow-xs ring-1 ring-border',
          over && 'text-primary ring-primary/40',
        )}
      >
        <CloudUploadIcon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-sm">{over ? t('dropZone.drop') : t('dropZone.drag')}</p>
        <p id={hintId} className="text-muted-foreground text-xs">
          {t('dropZone.hint', { formats })}
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
        <FolderOpenIcon />
        {t('dropZone.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        aria-label={t('dropZone.chooseLabel')}
        aria-describedby={hintId}
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Reset so choosing the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </section>
  );
}
