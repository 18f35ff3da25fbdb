import { avatarUrlSchema, URL_MAX_LENGTH } from '@aisle/contracts/assistants';
import type { LucideIcon } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from './form-controls';

/** An avatar address with a live preview; the preview waits until the address is a valid URL. */
export function AvatarUrlField({
  id,
  label,
  value,
  error,
  fallbackIcon: Icon,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  fallbackIcon: LucideIcon;
  onChange: (value: string) => void;
}) {
  const url = value.trim();
  const previewable = url !== '' && avatarUrlSchema.safeParse(url).success;
  return (
    <Field id={id} label={label} error={error} hint="An https:// image address. Leave blank for the default icon.">
      <div className="flex items-center gap-3">
        <Avatar className="size-10 border">
          {previewable ? <AvatarImage src={url} alt="" /> : null}
          <AvatarFallback className="bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </AvatarFallback>
        </Avatar>
        <Input
          id={id}
          type="url"
          inputMode="url"
          value={value}
          placeholder="https://…"
          maxLength={URL_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          {...describedBy(id, error, true)}
        />
      </div>
    </Field>
  );
}
