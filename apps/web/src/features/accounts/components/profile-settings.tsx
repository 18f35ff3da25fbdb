import { LoaderCircleIcon, UserRoundIcon } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DEFAULT_TIER } from '@/config/constants';
import { apiErrorText } from '@/lib/api-error-text';
import { useUploadAvatar } from '../api/upload-avatar';

/** /account's profile: the avatar (uploaded here) and the e-mail the account is known by. */
export function ProfileSettings() {
  const { t } = useTranslation('account');
  const titleId = useId();
  const { user } = useAuth();
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  if (!user) return null;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) upload.mutate(file);
    event.target.value = '';
  };
  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-4xl px-4 md:px-8">
      <div className="rounded-xl border bg-card p-4 md:p-5">
        <div className="mb-4 flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <UserRoundIcon className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-base tracking-tight">
              {t('profile.title')}
            </h2>
            <p className="text-muted-foreground text-sm">{t('profile.summary')}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Avatar className="size-16 rounded-xl">
            {user.user_avatar_url ? <AvatarImage src={user.user_avatar_url} alt={t('profile.avatarAlt')} /> : null}
            <AvatarFallback className="rounded-xl bg-violet-100 font-semibold text-violet-700 dark:bg-violet-900/50 dark:text-violet-100">
              {user.email.slice(0, 1).toUpperCase()}
            </AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <p className="text-muted-foreground text-xs">{t('profile.signedInAs')}</p>
            <p className="truncate font-medium">{user.email}</p>
            <div className="mt-1 flex gap-2">
              <Badge variant="secondary">{t('profile.tier', { tier: user.tier || DEFAULT_TIER })}</Badge>
              {user.admin ? <Badge>{t('profile.staff')}</Badge> : null}
            </div>
          </div>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            aria-label={t('profile.avatarInput')}
            onChange={choose}
          />
          <Button variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
            {upload.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {t('profile.changeAvatar')}
          </Button>
        </div>
        {upload.error ? (
          <p role="alert" className="mt-3 text-destructive text-sm">
            {apiErrorText(upload.error, t('profile.uploadFailed'))}
          </p>
        ) : null}
      </div>
    </section>
  );
}
