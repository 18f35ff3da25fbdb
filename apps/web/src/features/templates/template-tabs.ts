/** The tabs of the Templates screen, kept in the URL (`?tab=`) so each can be linked to. */
/** `label` is a key of the `templates` namespace. */
export const templateTabs = [
  { value: 'templates', label: 'tabs.templates' },
  { value: 'custom', label: 'tabs.custom' },
  { value: 'functions', label: 'tabs.functions' },
  { value: 'variables', label: 'tabs.variables' },
] as const;

export type TemplateTab = (typeof templateTabs)[number]['value'];
export const DEFAULT_TEMPLATE_TAB: TemplateTab = 'templates';

export const templateTabFrom = (value: string | null): TemplateTab =>
  templateTabs.find((tab) => tab.value === value)?.value ?? DEFAULT_TEMPLATE_TAB;
