import { type ReplySignature, type ReplySigner, SIGNATURE_NAME_MAX_LENGTH } from '@aisle/contracts/accounts';
import { TEAM_SIGNATURE } from '@aisle/contracts/visitor-chat';
import { HeadsetIcon, LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldError } from '@/components/form-controls';
import { LengthCounter } from '@/components/length-counter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import { useReplySignature } from '../api/get-reply-signature';
import { useUpdateReplySignature } from '../api/update-reply-signature';

type Draft = Pick<ReplySignature, 'signed_as' | 'display_name' | 'shop_name'>;
const draftOf = ({ signed_as, display_name, shop_name }: ReplySignature): Draft => ({ signed_as, display_name, shop_name });

/**
 * /account's "Replies are signed as": what shoppers see above the owner's answers by hand in the
 * inbox. The shop's team by default, the owner's own name, or the shop's; both names are kept, so
 * switching back finds the other filled in. Self-contained: its own section, data and save.
 */
export function ReplySignatureSettings() {
  const { t } = useTranslation('account');
  const titleId = useId();
  const signature = useReplySignature();
  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-4xl px-4 pt-4 md:px-8">
      <div className="rounded-xl border bg-card p-4 md:p-5">
        <div className="mb-4 flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <HeadsetIcon className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-base tracking-tight">
              {t('signature.title')}
            </h2>
            <p className="text-muted-foreground text-sm">{t('signature.summary')}</p>
          </div>
        </div>
        {signature.data ? (
          <SignatureForm saved={signature.data} />
        ) : signature.error ? (
          <p role="alert" className="text-destructive text-sm">
            {apiErrorText(signature.error, t('signature.loadFailed'))}
          </p>
        ) : (
          <Skeleton className="h-40 rounded-lg" role="status" aria-label={t('signature.loading')} />
        )}
      </div>
    </section>
  );
}

function SignatureForm({ saved }: { saved: ReplySignature }) {
  const { t } = useTranslation('account');
  const update = useUpdateReplySignature();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  // What the server holds wins once saved (names come back trimmed).
  useEffect(() => setDraft(draftOf(saved)), [saved]);
  const errors = fieldErrorPaths(update.error);
  const failure = update.error && !Object.keys(errors).length ? apiErrorText(update.error, t('signature.saveFailed')) : null;
  const changed = draft.signed_as !== saved.signed_as || draft.display_name !== saved.display_name || draft.shop_name !== saved.shop_name;

  const choose = (signed_as: ReplySigner) => setDraft((current) => ({ ...current, signed_as }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(draft);
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-3">
        <legend className="sr-only">{t('signature.legend')}</legend>
        <Choice id="reply-signer-team" checked={draft.signed_as === 'team'} onChoose={() => choose('team')} label={t('signature.team')} />
        <Choice id="reply-signer-name" checked={draft.signed_as === 'name'} onChoose={() => choose('name')} label={t('signature.yourName')}>
          <NameInput
            id="reply-display-name"
            label={t('signature.displayName')}
            placeholder={t('signature.displayNamePlaceholder')}
            value={draft.display_name}
            error={errors.display_name}
            onChange={(display_name) => setDraft((current) => ({ ...current, display_name, signed_as: 'name' }))}
          />
        </Choice>
        <Choice
          id="reply-signer-shop"
          checked={draft.signed_as === 'shop'}
          onChoose={() => choose('shop')}
          label={t('signature.yourShopName')}
        >
          <NameInput
            id="reply-shop-name"
            label={t('signature.shopName')}
            placeholder={t('signature.shopNamePlaceholder')}
            value={draft.shop_name}
            error={errors.shop_name}
            onChange={(shop_name) => setDraft((current) => ({ ...current, shop_name, signed_as: 'shop' }))}
          />
        </Choice>
      </fieldset>
      {failure ? (
        <p role="alert" className="text-destructive text-sm">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={update.isPending || !changed}>
          {update.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('signature.save')}
        </Button>
        <p role="status" className="text-muted-foreground text-sm">
          {t('signature.seenAs', { signature: saved.signature === TEAM_SIGNATURE ? t('signature.team') : saved.signature })}
        </p>
      </div>
    </form>
  );
}

function Choice({
  id,
  checked,
  onChoose,
  label,
  children,
}: {
  id: string;
  checked: boolean;
  onChoose: () => void;
  label: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
      <label htmlFor={id} className="flex h-9 items-center gap-2 text-sm">
        <input id={id} type="radio" name="reply-signer" className="size-4 accent-primary" checked={checked} onChange={onChoose} />
        {label}
      </label>
      {children ? <div className="pl-6 sm:pl-0">{children}</div> : null}
    </div>
  );
}

function NameInput({
  id,
  label,
  placeholder,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Input
        id={id}
        aria-label={label}
        placeholder={placeholder}
        maxLength={SIGNATURE_NAME_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error)}
      />
      <FieldError id={`${id}-error`} error={error} />
      <LengthCounter length={value.length} max={SIGNATURE_NAME_MAX_LENGTH} className="justify-self-end" />
    </div>
  );
}
