import { PencilIcon, PlusIcon, PuzzleIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { CustomTemplate } from '../api/custom-templates-api';
import type { RequiredVariableStatus } from '../required-variables';
import { TemplateCardFrame, TemplateFunctionList } from './template-card-frame';

/** One of the owner's custom templates: its functions, the variables they need and its actions. */
export function CustomTemplateCard({
  template,
  statuses,
  variablesLoading,
  onAdd,
  onEdit,
  onDelete,
}: {
  template: CustomTemplate;
  statuses: readonly RequiredVariableStatus[];
  variablesLoading: boolean;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('templates');
  const functions = template.links.flatMap((link) => (link.templateFunction ? [link.templateFunction] : []));
  return (
    <TemplateCardFrame
      name={template.name}
      icon={PuzzleIcon}
      truncateName
      subtitle={<p className="mt-0.5 text-muted-foreground text-sm">{t('card.functionCount', { count: functions.length })}</p>}
      actions={
        <>
          <Button variant="ghost" size="icon-sm" aria-label={t('card.edit', { name: template.name })} onClick={onEdit}>
            <PencilIcon />
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label={t('card.delete', { name: template.name })} onClick={onDelete}>
            <Trash2Icon />
          </Button>
        </>
      }
      functions={<TemplateFunctionList aria-label={t('card.functions')} functions={functions} />}
      statuses={statuses}
      variablesLoading={variablesLoading}
      footer={
        <Button size="sm" onClick={onAdd}>
          <PlusIcon />
          {t('card.addToAssistant')}
        </Button>
      }
    />
  );
}
