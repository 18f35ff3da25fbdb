import { LANGUAGE_NAMES, MERCHANT_LANGUAGES, type MerchantLanguage } from '@aisle/contracts/languages';
import { LanguagesIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, NativeSelect } from '@/components/form-controls';
import { SectionFrame } from '@/components/layouts/section-frame';
import { chooseMerchantLanguage } from '@/i18n/i18n';
import { apiErrorText } from '@/lib/api-error-text';
import { useUpdateLanguage } from '../api/update-language';

/**
 * The app's language (English, 日本語, ไทย), remembered on this browser and on the account, so
 * e-mails (verification, password reset, notices) come in it too.
 */
export function LanguageSettings() {
  const { t, i18n } = useTranslation('account');
  const id = useId();
  const save = useUpdateLanguage();
  const current = (MERCHANT_LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as MerchantLanguage) : 'en';
  const choose = (language: MerchantLanguage) => {
    void chooseMerchantLanguage(language);
    save.mutate({ language });
  };
  return (
    <SectionFrame icon={LanguagesIcon} title={t('language.title')} summary={t('language.summary')}>
      <Field
        id={id}
        label={t('language.label')}
        hint={save.isSuccess ? t('language.saved') : t('language.hint')}
        error={save.isError ? apiErrorText(save.error, t('language.failed')) : undefined}
        className="max-w-sm"
      >
        <NativeSelect id={id} value={current} onChange={(event) => choose(event.target.value as MerchantLanguage)}>
          {MERCHANT_LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </SectionFrame>
  );
}
