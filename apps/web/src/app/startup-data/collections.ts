/**
 * The seven start-up collections of spec §4, with what the data API calls them. Owned ones are
 * subscribed with the owner's e-mail; announcements and templates are not owner-filtered (spec §6).
 */
export const collectionNames = ['announcements', 'notifications', 'functions', 'stores', 'assistants', 'templates', 'wizards'] as const;
export type CollectionName = (typeof collectionNames)[number];

export interface CollectionDef {
  name: CollectionName;
  /** The GraphQL type name (`Notification`), from which list and subscription fields are named. */
  typeName: string;
  plural: string;
  fields: string;
  owned: boolean;
  /** Spec §4: for functions, stores, assistants and wizards a create with a known id is ignored. */
  ignoreDuplicateCreates: boolean;
}

const base = 'id createdAt updatedAt';

export const collections: Record<CollectionName, CollectionDef> = {
  announcements: {
    name: 'announcements',
    typeName: 'Announcement',
    plural: 'Announcements',
    fields: `${base} ownerEmail message`,
    owned: false,
    ignoreDuplicateCreates: false,
  },
  notifications: {
    name: 'notifications',
    typeName: 'Notification',
    plural: 'Notifications',
    fields: `${base} ownerEmail title content userHasRead presignedGet`,
    owned: true,
    ignoreDuplicateCreates: false,
  },
  functions: {
    name: 'functions',
    typeName: 'Function',
    plural: 'Functions',
    fields: `${base} ownerEmail status log name fileName description thirdPartyServices isViolatingRules violatingBecause functionAssistantDefinition variables returnType`,
    owned: true,
    ignoreDuplicateCreates: true,
  },
  stores: {
    name: 'stores',
    typeName: 'Store',
    plural: 'Stores',
    fields: `${base} ownerEmail name totalSize status fileCount retrievalMode`,
    owned: true,
    ignoreDuplicateCreates: true,
  },
  assistants: {
    name: 'assistants',
    typeName: 'Assistant',
    plural: 'Assistants',
    fields: `${base} ownerEmail status log assistantName tools tool_resources instructions model temperature topP inputTokens outputTokens isShared storeRetrievalSettings isSafeGuardOn pauseOnHandoff safeGuardInstruction useCase assistantAvatarUrl userAvatarUrl assistantUserQA`,
    owned: true,
    ignoreDuplicateCreates: true,
  },
  templates: {
    name: 'templates',
    typeName: 'Template',
    plural: 'Templates',
    fields: `${base} active name description requiredVariables`,
    owned: false,
    ignoreDuplicateCreates: false,
  },
  wizards: {
    name: 'wizards',
    typeName: 'Wizard',
    plural: 'Wizards',
    fields: `${base} ownerEmail currentStep status completed pagesRetrieved blogsRetrieved productsRetrieved themeColorsRetrieved vectorStoreCreated filesUploaded assistantCreated vectorStoreLinked templateLinked sharedAssistantCreated shopifyConfigurationUpdated`,
    owned: true,
    ignoreDuplicateCreates: true,
  },
};

/** Spec §4: every collection starts flagged on. */
export const initialCollectionFlags: Record<CollectionName, boolean> = Object.fromEntries(
  collectionNames.map((name) => [name, true]),
) as Record<CollectionName, boolean>;

export const listQuery = (def: CollectionDef) =>
  `query List${def.plural}($limit: Int, $nextToken: String) { list${def.plural}(limit: $limit, nextToken: $nextToken) { items { ${def.fields} } nextToken } }`;

export type CollectionEventType = 'create' | 'update' | 'delete';

export const subscriptionField = (def: CollectionDef, type: CollectionEventType) =>
  `on${type[0]?.toUpperCase()}${type.slice(1)}${def.typeName}`;

export const subscriptionQuery = (def: CollectionDef, type: CollectionEventType) =>
  def.owned
    ? `subscription ($ownerEmail: String) { ${subscriptionField(def, type)}(ownerEmail: $ownerEmail) { ${def.fields} } }`
    : `subscription { ${subscriptionField(def, type)} { ${def.fields} } }`;
