import { LayoutTemplateIcon, SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { RequiredVariableStatus } from '../required-variables';
import type { TemplateFunctionItem, TemplateItem } from '../template-fields';
import { TemplateCardFrame, TemplateCardSection, TemplateFunctionList } from './template-card-frame';

/** One ready-made template: what it does, its functions, the variables it needs and "Use template". */
export function TemplateCard({
  template,
  functions,
  functionsLoading,
  statuses,
  variablesLoading,
  onUse,
}: {
  template: TemplateItem;
  functions: readonly TemplateFunctionItem[];
  functionsLoading: boolean;
  statuses: readonly RequiredVariableStatus[];
  variablesLoading: boolean;
  onUse: () => void;
}) {
  const { t } = useTranslation('templates');
  return (
    <TemplateCardFrame
      name={template.name}
      icon={LayoutTemplateIcon}
      subtitle={template.description ? <p className="mt-1 text-muted-foreground text-sm">{template.description}</p> : null}
      functions={
        <TemplateCardSection title={t('card.functions')}>
          {functionsLoading ? (
            <Skeleton className="h-10 rounded-md" />
          ) : functions.length === 0 ? (
            <p className="text-muted-foreground text-xs">{t('card.noFunctions')}</p>
          ) : (
            <TemplateFunctionList functions={functions} />
          )}
        </TemplateCardSection>
      }
      statuses={statuses}
      variablesLoading={variablesLoading}
      footer={
        <Button size="sm" onClick={onUse}>
          <SparklesIcon />
          {t('card.useTemplate')}
        </Button>
      }
    />
  );
}
