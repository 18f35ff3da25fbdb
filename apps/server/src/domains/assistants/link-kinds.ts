import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { assistantCustomUserTemplates, assistantFunctions, assistantStores, assistantTemplates } from '../../db/schema';
import { checkActiveTemplate, checkOwnedCustomUserTemplate, checkOwnedFunction, checkOwnedStore } from './owned-rows';

/**
 * The four things an assistant links to (spec §3 join records). Their tables share one shape
 * (owner, assistant, target), so one pair of add/remove functions serves them all.
 */
export interface LinkKind {
  /** The path segment of the REST calls: `{path}-add/`, `{path}-remove/`. */
  path: string;
  /** The model in the data API registry, for events and the API shape. */
  model: string;
  /** The body field (and table property) naming the linked row. */
  targetKey: 'functionId' | 'storeId' | 'templateId' | 'customUserTemplateId';
  table: PgTable;
  assistantColumn: PgColumn;
  targetColumn: PgColumn;
  /** Throws 404 unless the caller may link this row. */
  checkTarget(db: DbOrTx, ownerEmail: string, id: string): Promise<void>;
  /** The 404 detail of a remove when no such link exists. */
  missingLink: string;
}

export const linkKinds = {
  function: {
    path: 'function',
    model: 'AssistantFunction',
    targetKey: 'functionId',
    table: assistantFunctions,
    assistantColumn: assistantFunctions.assistantId,
    targetColumn: assistantFunctions.functionId,
    checkTarget: checkOwnedFunction,
    missingLink: 'This function is not linked to the assistant.',
  },
  store: {
    path: 'store',
    model: 'AssistantStore',
    targetKey: 'storeId',
    table: assistantStores,
    assistantColumn: assistantStores.assistantId,
    targetColumn: assistantStores.storeId,
    checkTarget: checkOwnedStore,
    missingLink: 'This store is not linked to the assistant.',
  },
  template: {
    path: 'template',
    model: 'AssistantTemplate',
    targetKey: 'templateId',
    table: assistantTemplates,
    assistantColumn: assistantTemplates.assistantId,
    targetColumn: assistantTemplates.templateId,
    checkTarget: checkActiveTemplate,
    missingLink: 'This template is not linked to the assistant.',
  },
  customUserTemplate: {
    path: 'custom-user-template',
    model: 'AssistantCustomUserTemplate',
    targetKey: 'customUserTemplateId',
    table: assistantCustomUserTemplates,
    assistantColumn: assistantCustomUserTemplates.assistantId,
    targetColumn: assistantCustomUserTemplates.customUserTemplateId,
    checkTarget: checkOwnedCustomUserTemplate,
    missingLink: 'This custom user template is not linked to the assistant.',
  },
} satisfies Record<string, LinkKind>;

export type LinkKindName = keyof typeof linkKinds;
