import { type Assistant, type AssistantAvatarKind, avatarUrlSchema, URL_MAX_LENGTH } from '@aisle/contracts/assistants';
import { LoaderCircleIcon, type LucideIcon, UploadIcon, XIcon } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { describedBy, Field } from '@/components/form-controls';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import type { UploadAssistantAvatarInput } from '../api/upload-assistant-avatar';
import { AVATAR_ACCEPT, AVATAR_UPLOAD_HINT, avatarFileProblem, uploadPercent } from '../avatar-image';
import { useFilePreview } from '../hooks/use-file-preview';

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
      setUpload({ state: 'failed', message: apiErrorText(failure, 'The image could not be uploaded. Please try again.') });
    }
  };

  const onType = (next: string) => {
    // A typed address replaces a picked image that has not been uploaded yet.
    if (pendingFile) props.onPendingFileChange(null);
    if (upload.state !== 'uploading') setUpload({ state: 'idle' });
    props.onChange(next);
  };

  return (
    <Field id={id} label={label} error={error} hint="Upload an image, or paste an https:// image address. Leave blank for the default.">
      <div className="flex items-center gap-3">
        <div className="relative shrink-0">
          <Avatar className="size-12 border">
            {preview ? <AvatarImage src={preview} alt={`${label} preview`} className="object-cover" /> : null}
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
                aria-label={uploading ? `Uploading… ${upload.percent}% of ${label}` : `Upload image for ${label}`}
                onClick={() => fileInput.current?.click()}
              >
                {uploading ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <UploadIcon aria-hidden="true" />}
                {uploading ? `Uploading… ${upload.percent}%` : 'Upload image'}
              </Button>
            ) : null}
            {pendingFile ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove the image picked for ${label}`}
                onClick={() => props.onPendingFileChange(null)}
              >
                <XIcon aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </div>
          <p className="text-muted-foreground text-xs">{AVATAR_UPLOAD_HINT}</p>
        </div>
        <input ref={fileInput} type="file" accept={AVATAR_ACCEPT} hidden onChange={(event) => void onPick(event)} />
      </div>
      {uploading ? (
        <div
          role="progressbar"
          aria-label={`Uploading ${label}`}
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
  if (upload.state === 'failed') {
    return (
      <p role="alert" className="text-destructive text-sm">
        {upload.message}
      </p>
    );
  }
  const note =
    upload.state === 'uploaded' ? 'Uploaded and saved.' : pendingName ? `“${pendingName}” is uploaded when you create the assistant.` : '';
  return (
    <p role="status" className="text-muted-foreground text-xs empty:hidden">
      {note}
    </p>
  );
}
