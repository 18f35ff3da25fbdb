import { type Assistant, type AssistantAvatarKind, avatarUrlSchema, URL_MAX_LENGTH } from '@aisle/contracts/assistants';
import { LoaderCircleIcon, type LucideIcon, UploadIcon, XIcon } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/components/form-controls';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import type { UploadAssistantAvatarInput } from '../api/upload-assistant-avatar';
import { AVATAR_ACCEPT, avatarFileProblem, avatarUploadHint, uploadPercent } from '../avatar-image';
import { useFilePreview } from '../hooks/use-file-preview';
import { validationText } from '../validation-text';

export interface AvatarFieldProps {
  id: string;
  label: string;
  kind: AssistantAvatarKind;
  /** The URL field's value. */
  value: string;
  /** The URL field's error (the form's or the server's). */
  error?: string;
  /** Shown without a picture; the icon when there are none. */
  initials?: string;
  fallbackIcon: LucideIcon;
  onChange: (value: string) => void;
  /** The saved assistant, whose picture an upload replaces at once; null while it is being created. */
  assistantId: string | null;
  onUpload?: (input: UploadAssistantAvatarInput) => Promise<Assistant>;
  /** For a new assistant: the image picked, uploaded once the assistant is created. */
  pendingFile: File | null;
  onPendingFileChange: (file: File | null) => void;
}

type UploadState =
  | { state: 'idle' }
  | { state: 'uploading'; percent: number }
  | { state: 'uploaded' }
  | { state: 'failed'; message: string };

/**
 * An avatar: a round preview, an upload button and the image address, which can still be pasted.
 * A saved assistant's upload is stored at once and its URL fills the address; a new assistant's
 * picked image waits, previewed, until the assistant is created.
 */
export function AvatarField(props: AvatarFieldProps) {
  const { id, label, kind, value, error, initials, fallbackIcon: Icon, assistantId, onUpload, pendingFile } = props;
  const { t } = useTranslation('assistants');
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });
  const pendingPreview = useFilePreview(pendingFile);
  const uploading = upload.state === 'uploading';
  const canUpload = assistantId === null || onUpload !== undefined;

  const url = value.trim();
  const preview = pendingFile ? pendingPreview : url !== '' && avatarUrlSchema.safeParse(url).success ? url : null;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied so that picking the same file again (after fixing it) is a change too.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) return setUpload({ state: 'failed', message: problem });
    if (assistantId === null || !onUpload) {
      setUpload({ state: 'idle' });
      props.onPendingFileChange(file);
      // The picked image replaces any address typed before.
      props.onChange('');
      return;
    }
    setUpload({ state: 'uploading', percent: 0 });
    try {
      const saved = await onUpload({
        assistantId,
        kind,
        file,
        onProgress: (sent, total) => setUpload({ state: 'uploading', percent: uploadPercent(sent, total) }),
      });
      props.onChange((kind === 'assistant' ? saved.assistantAvatarUrl : saved.userAvatarUrl) ?? '');
      setUpload({ state: 'uploaded' });
    } catch (failure) {
      setUpload({ state: 'failed', message: apiErrorText(failure, t('avatar.uploadFailed')) });
    }
  };

  const onType = (next: string) => {
    // A typed address replaces a picked image that has not been uploaded yet.
    if (pendingFile) props.onPendingFileChange(null);
    if (upload.state !== 'uploading') setUpload({ state: 'idle' });
    props.onChange(next);
  };

  return (
    <Field id={id} label={label} error={error} hint={t('avatar.hint')}>
      <div className="flex items-center gap-3">
        <div className="relative shrink-0">
          <Avatar className="size-12 border">
            {preview ? <AvatarImage src={preview} alt={t('avatar.preview', { label })} className="object-cover" /> : null}
            <AvatarFallback className="bg-primary/10 font-medium text-primary text-sm">
              {initials ? initials : <Icon className="size-5" aria-hidden="true" />}
            </AvatarFallback>
          </Avatar>
          {uploading ? (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-background/70">
              <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
            </span>
          ) : null}
        </div>
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-1">
            {canUpload ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={uploading}
                // Two of these sit side by side: the name says which picture (and starts with the visible words).
                aria-label={uploading ? t('avatar.uploadingFor', { percent: upload.percent, label }) : t('avatar.uploadFor', { label })}
                onClick={() => fileInput.current?.click()}
              >
                {uploading ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <UploadIcon aria-hidden="true" />}
                {uploading ? t('avatar.uploading', { percent: upload.percent }) : t('avatar.upload')}
              </Button>
            ) : null}
            {pendingFile ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('avatar.removeFor', { label })}
                onClick={() => props.onPendingFileChange(null)}
              >
                <XIcon aria-hidden="true" />
                {t('avatar.remove')}
              </Button>
            ) : null}
          </div>
          <p className="text-muted-foreground text-xs">{avatarUploadHint()}</p>
        </div>
        <input ref={fileInput} type="file" accept={AVATAR_ACCEPT} hidden onChange={(event) => void onPick(event)} />
      </div>
      {uploading ? (
        <div
          role="progressbar"
          aria-label={t('avatar.progress', { label })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={upload.percent}
          className="h-1 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${upload.percent}%` }} />
        </div>
      ) : null}
      <UploadStatus upload={upload} pendingName={pendingFile?.name ?? null} />
      <Input
        id={id}
        type="url"
        inputMode="url"
        value={value}
        placeholder="https://…"
        maxLength={URL_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => onType(event.target.value)}
        {...describedBy(id, error, true)}
      />
    </Field>
  );
}

function UploadStatus({ upload, pendingName }: { upload: UploadState; pendingName: string | null }) {
  const { t } = useTranslation('assistants');
  if (upload.state === 'failed') {
    return (
      <p role="alert" className="text-destructive text-sm">
        {validationText(upload.message)}
      </p>
    );
  }
  const note = upload.state === 'uploaded' ? t('avatar.uploaded') : pendingName ? t('avatar.pending', { name: pendingName }) : '';
  return (
    <p role="status" className="text-muted-foreground text-xs empty:hidden">
      {note}
    </p>
  );
}
