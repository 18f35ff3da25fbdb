import { LayoutTemplateIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { useVariables } from '@/hooks/use-variables';
import { apiErrorText } from '@/lib/api-error-text';
import { useTemplateFunctions } from '../hooks/use-template-functions';
import { requiredVariableStatuses } from '../required-variables';
import { isActive, requiredVariablesOf, type TemplateItem } from '../template-fields';
import { AddToAssistantSheet } from './add-to-assistant-sheet';
import { CardsSkeleton, EmptyState, ErrorNotice } from './list-states';
import { TemplateCard } from './template-card';

/**
 * The ready-made templates (start-up collection, kept live): active ones as cards. "Use template"
 * asks for the variables still missing and the assistant to add it to.
 */
export function TemplatesTab() {
  const { t } = useTranslation('templates');
  const { status, items } = useCollection<TemplateItem>('templates');
  const templates = useMemo(() => items.filter(isActive).sort((a, b) => a.name.localeCompare(b.name)), [items]);
  const functions = useTemplateFunctions(templates.map((template) => template.id));
  const { sessionStore } = useAuth();
  const variables = useVariables(sessionStore.getValidAccessToken);
  const [using, setUsing] = useState<{ template: TemplateItem; open: boolean } | null>(null);

  const loading = status.state === 'loading' || status.state === 'not-initialised';
  if (status.state === 'error' && templates.length === 0) return <ErrorNotice message={status.error} />;
  if (loading && templates.length === 0) return <CardsSkeleton label={t('templatesTab.loading')} />;
  if (templates.length === 0) {
    return (
      <EmptyState icon={LayoutTemplateIcon} title={t('templatesTab.emptyTitle')}>
        {t('templatesTab.emptyBody')}
      </EmptyState>
    );
  }

  const usingTemplate = using?.template;
  return (
    <section aria-labelledby="ready-templates-title" className="grid gap-4">
      <div>
        <h2 id="ready-templates-title" className="font-semibold text-lg tracking-tight">
          {t('templatesTab.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('templatesTab.summary')}</p>
      </div>
      {functions.isError ? (
        <ErrorNotice message={apiErrorText(functions.error, t('templatesTab.functionsFailed'))} onRetry={() => void functions.refetch()} />
      ) : null}
      <ul aria-label={t('templatesTab.list')} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {templates.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            functions={(functions.data?.[template.id] ?? []).filter(isActive)}
            functionsLoading={functions.isPending}
            statuses={requiredVariableStatuses(requiredVariablesOf(template), variables.data ?? [])}
            variablesLoading={variables.isPending}
            onUse={() => setUsing({ template, open: true })}
          />
        ))}
      </ul>
      {usingTemplate ? (
        <AddToAssistantSheet
          open={!!using?.open}
          onOpenChange={(open) => setUsing((current) => (current ? { ...current, open } : null))}
          title={t('templatesTab.useTitle', { name: usingTemplate.name })}
          name={usingTemplate.name}
          required={requiredVariablesOf(usingTemplate)}
          target={{ kind: 'template', id: usingTemplate.id }}
        />
      ) : null}
    </section>
  );
}
