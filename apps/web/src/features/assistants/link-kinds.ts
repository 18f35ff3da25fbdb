/**
 * What an assistant links to: stores (its knowledge), functions (its actions) and templates. Each
 * kind has its REST calls (`/api/assistant/<kind>-add/`, `-remove/`), its join records in the data
 * API (`listAssistantStores` …) and the id field those records and calls name.
 */
export const linkKinds = ['store', 'function', 'template'] as const;
export type LinkKind = (typeof linkKinds)[number];

export const linkKindDefs: Record<LinkKind, { idField: 'storeId' | 'functionId' | 'templateId'; plural: string }> = {
  store: { idField: 'storeId', plural: 'AssistantStores' },
  function: { idField: 'functionId', plural: 'AssistantFunctions' },
  template: { idField: 'templateId', plural: 'AssistantTemplates' },
};

/** The linked ids of one assistant, per kind. */
export type LinkedIds = Record<LinkKind, string[]>;

export const noLinks = (): LinkedIds => ({ store: [], function: [], template: [] });
