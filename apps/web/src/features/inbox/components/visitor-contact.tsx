import { ContactIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VisitorContact } from '../api/shared-thread-fields';

/** The contact the visitor left (lead capture), so the team can follow up. */
export function VisitorContactCard({ contact }: { contact: VisitorContact }) {
  const { t } = useTranslation('inbox');
  return (
    <section aria-label={t('contact.label')} className="mx-auto mb-2 w-full max-w-3xl rounded-xl border bg-card px-4 py-3 text-sm">
      <h3 className="mb-1.5 flex items-center gap-1.5 font-medium text-muted-foreground text-xs uppercase tracking-wide">
        <ContactIcon className="size-3.5" aria-hidden="true" />
        {t('contact.title')}
      </h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {contact.name ? (
          <>
            <dt className="text-muted-foreground">{t('contact.name')}</dt>
            <dd className="truncate">{contact.name}</dd>
          </>
        ) : null}
        {contact.email ? (
          <>
            <dt className="text-muted-foreground">{t('contact.email')}</dt>
            <dd className="truncate">
              <a className="underline underline-offset-2" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </dd>
          </>
        ) : null}
        {contact.phone ? (
          <>
            <dt className="text-muted-foreground">{t('contact.phone')}</dt>
            <dd className="truncate">
              <a className="underline underline-offset-2" href={`tel:${contact.phone.replace(/[^+0-9]/g, '')}`}>
                {contact.phone}
              </a>
            </dd>
          </>
        ) : null}
        {contact.note ? (
          <>
            <dt className="text-muted-foreground">{t('contact.needs')}</dt>
            <dd className="whitespace-pre-wrap break-words">{contact.note}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
