/** The tabs of the Templates screen, kept in the URL (`?tab=`) so each can be linked to. */
export const templateTabs = [
  { value: 'templates', label: 'Templates' },
  { value: 'custom', label: 'My templates' },
  { value: 'functions', label: 'Functions' },
  { value: 'variables', label: 'Variables' },
] as const;

export type TemplateTab = (typeof templateTabs)[number]['value'];
export const DEFAULT_TEMPLATE_TAB: TemplateTab = 'templates';

export const templateTabFrom = (value: string | null): TemplateTab =>
  templateTabs.find((tab) => tab.value === value)?.value ?? DEFAULT_TEMPLATE_TAB;
