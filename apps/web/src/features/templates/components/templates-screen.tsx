import { LayoutTemplateIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { cn } from '@/lib/cn';
import { DEFAULT_TEMPLATE_TAB, type TemplateTab, templateTabFrom, templateTabs } from '../template-tabs';
import { CustomTemplatesTab } from './custom-templates-tab';
import { TemplatesTab } from './templates-tab';

/**
 * The Templates screen (spec §2 "Templates (6)"): ready-made templates, the owner's own
 * combinations of template functions, their functions and the variables all of them read. The
 * functions and variables tabs are other features' panels, which the route passes in.
 */
export function TemplatesScreen({ functions, variables }: { functions: ReactNode; variables: ReactNode }) {
  const { t } = useTranslation('templates');
  const panels: Record<TemplateTab, ReactNode> = {
    templates: <TemplatesTab />,
    custom: <CustomTemplatesTab />,
    functions,
    variables,
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = templateTabFrom(searchParams.get('tab'));

  const select = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_TEMPLATE_TAB) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto w-full max-w-7xl p-4 md:p-8">
      <ScreenHeader title={t('screen.title')} icon={LayoutTemplateIcon} summary={t('screen.summary')} />
      <Tabs.Root value={tab} onValueChange={select} className="grid gap-6">
        <Tabs.List
          aria-label={t('screen.sections')}
          className="inline-flex w-fit max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1"
        >
          {templateTabs.map((item) => (
            <Tabs.Trigger
              key={item.value}
              value={item.value}
              className={cn(
                'whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-muted-foreground text-sm outline-none transition-colors',
                'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs',
              )}
            >
              {t(item.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Radix mounts only the open panel, so each tab loads its data when first shown. */}
        {templateTabs.map((item) => (
          <Tabs.Content key={item.value} value={item.value} className="outline-none">
            {panels[item.value]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
