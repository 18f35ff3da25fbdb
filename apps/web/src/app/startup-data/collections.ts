import { print } from '@0no-co/graphql.web';
import { graphql, type TadaDocumentNode } from '@/graphql/graphql';
import type { Identified } from './collection-events';

/**
 * The seven start-up collections of spec §4, with what the data API calls them. Owned ones are
 * subscribed with the owner's e-mail; announcements and templates are not owner-filtered (spec §6).
 * Each has its fields (a fragment), its list query and its create, update and delete subscriptions.
 */
export const collectionNames = ['announcements', 'notifications', 'functions', 'stores', 'assistants', 'templates', 'wizards'] as const;
export type CollectionName = (typeof collectionNames)[number];

export type CollectionEventType = 'create' | 'update' | 'delete';

/** A page of a list: its one field (`listStores`) holds it. */
type ListDocument = TadaDocumentNode<
  Record<string, { items: readonly (Identified | null)[]; nextToken: string | null } | null>,
  { limit?: number | null; nextToken?: string | null }
>;
/** An event: its one field (`onCreateStore`) holds the item. */
type EventDocument = TadaDocumentNode<Record<string, Identified | null>, { ownerEmail?: string | null }>;

export interface CollectionDef {
  name: CollectionName;
  /** The GraphQL type name (`Notification`), from which list and subscription fields are named. */
  typeName: string;
  plural: string;
  owned: boolean;
  /** Spec §4: for functions, stores, assistants and wizards a create with a known id is ignored. */
  ignoreDuplicateCreates: boolean;
  list: ListDocument;
  events: Record<CollectionEventType, EventDocument>;
}

export const AnnouncementCollectionFields = graphql(`
  fragment AnnouncementCollectionFields on Announcement { id createdAt updatedAt ownerEmail message }
`);

export const NotificationCollectionFields = graphql(`
  fragment NotificationCollectionFields on Notification { id createdAt updatedAt ownerEmail title content userHasRead presignedGet }
`);

export const FunctionCollectionFields = graphql(`
  fragment FunctionCollectionFields on Function { id createdAt updatedAt ownerEmail status log name fileName description thirdPartyServices isViolatingRules violatingBecause functionAssistantDefinition variables returnType }
`);

export const StoreCollectionFields = graphql(`
  fragment StoreCollectionFields on Store { id createdAt updatedAt ownerEmail name totalSize status fileCount retrievalMode }
`);

export const AssistantCollectionFields = graphql(`
  fragment AssistantCollectionFields on Assistant { id createdAt updatedAt ownerEmail status log assistantName tools tool_resources instructions model temperature topP inputTokens outputTokens isShared storeRetrievalSettings isSafeGuardOn pauseOnHandoff safeGuardInstruction useCase assistantAvatarUrl userAvatarUrl assistantUserQA orderHelp }
`);

export const TemplateCollectionFields = graphql(`
  fragment TemplateCollectionFields on Template { id createdAt updatedAt active name description requiredVariables }
`);

export const WizardCollectionFields = graphql(`
  fragment WizardCollectionFields on Wizard { id createdAt updatedAt ownerEmail currentStep status completed pagesRetrieved blogsRetrieved productsRetrieved themeColorsRetrieved vectorStoreCreated filesUploaded assistantCreated vectorStoreLinked templateLinked sharedAssistantCreated shopifyConfigurationUpdated }
`);

export const collections: Record<CollectionName, CollectionDef> = {
  announcements: {
    name: 'announcements',
    typeName: 'Announcement',
    plural: 'Announcements',
    owned: false,
    ignoreDuplicateCreates: false,
    list: graphql(
      `query ListAnnouncements($limit: Int, $nextToken: String) { listAnnouncements(limit: $limit, nextToken: $nextToken) { items { ...AnnouncementCollectionFields } nextToken } }`,
      [AnnouncementCollectionFields],
    ),
    events: {
      create: graphql(`subscription { onCreateAnnouncement { ...AnnouncementCollectionFields } }`, [AnnouncementCollectionFields]),
      update: graphql(`subscription { onUpdateAnnouncement { ...AnnouncementCollectionFields } }`, [AnnouncementCollectionFields]),
      delete: graphql(`subscription { onDeleteAnnouncement { ...AnnouncementCollectionFields } }`, [AnnouncementCollectionFields]),
    },
  },
  notifications: {
    name: 'notifications',
    typeName: 'Notification',
    plural: 'Notifications',
    owned: true,
    ignoreDuplicateCreates: false,
    list: graphql(
      `query ListNotifications($limit: Int, $nextToken: String) { listNotifications(limit: $limit, nextToken: $nextToken) { items { ...NotificationCollectionFields } nextToken } }`,
      [NotificationCollectionFields],
    ),
    events: {
      create: graphql(
        `subscription ($ownerEmail: String) { onCreateNotification(ownerEmail: $ownerEmail) { ...NotificationCollectionFields } }`,
        [NotificationCollectionFields],
      ),
      update: graphql(
        `subscription ($ownerEmail: String) { onUpdateNotification(ownerEmail: $ownerEmail) { ...NotificationCollectionFields } }`,
        [NotificationCollectionFields],
      ),
      delete: graphql(
        `subscription ($ownerEmail: String) { onDeleteNotification(ownerEmail: $ownerEmail) { ...NotificationCollectionFields } }`,
        [NotificationCollectionFields],
      ),
    },
  },
  functions: {
    name: 'functions',
    typeName: 'Function',
    plural: 'Functions',
    owned: true,
    ignoreDuplicateCreates: true,
    list: graphql(
      `query ListFunctions($limit: Int, $nextToken: String) { listFunctions(limit: $limit, nextToken: $nextToken) { items { ...FunctionCollectionFields } nextToken } }`,
      [FunctionCollectionFields],
    ),
    events: {
      create: graphql(`subscription ($ownerEmail: String) { onCreateFunction(ownerEmail: $ownerEmail) { ...FunctionCollectionFields } }`, [
        FunctionCollectionFields,
      ]),
      update: graphql(`subscription ($ownerEmail: String) { onUpdateFunction(ownerEmail: $ownerEmail) { ...FunctionCollectionFields } }`, [
        FunctionCollectionFields,
      ]),
      delete: graphql(`subscription ($ownerEmail: String) { onDeleteFunction(ownerEmail: $ownerEmail) { ...FunctionCollectionFields } }`, [
        FunctionCollectionFields,
      ]),
    },
  },
  stores: {
    name: 'stores',
    typeName: 'Store',
    plural: 'Stores',
    owned: true,
    ignoreDuplicateCreates: true,
    list: graphql(
      `query ListStores($limit: Int, $nextToken: String) { listStores(limit: $limit, nextToken: $nextToken) { items { ...StoreCollectionFields } nextToken } }`,
      [StoreCollectionFields],
    ),
    events: {
      create: graphql(`subscription ($ownerEmail: String) { onCreateStore(ownerEmail: $ownerEmail) { ...StoreCollectionFields } }`, [
        StoreCollectionFields,
      ]),
      update: graphql(`subscription ($ownerEmail: String) { onUpdateStore(ownerEmail: $ownerEmail) { ...StoreCollectionFields } }`, [
        StoreCollectionFields,
      ]),
      delete: graphql(`subscription ($ownerEmail: String) { onDeleteStore(ownerEmail: $ownerEmail) { ...StoreCollectionFields } }`, [
        StoreCollectionFields,
      ]),
    },
  },
  assistants: {
    name: 'assistants',
    typeName: 'Assistant',
    plural: 'Assistants',
    owned: true,
    ignoreDuplicateCreates: true,
    list: graphql(
      `query ListAssistants($limit: Int, $nextToken: String) { listAssistants(limit: $limit, nextToken: $nextToken) { items { ...AssistantCollectionFields } nextToken } }`,
      [AssistantCollectionFields],
    ),
    events: {
      create: graphql(
        `subscription ($ownerEmail: String) { onCreateAssistant(ownerEmail: $ownerEmail) { ...AssistantCollectionFields } }`,
        [AssistantCollectionFields],
      ),
      update: graphql(
        `subscription ($ownerEmail: String) { onUpdateAssistant(ownerEmail: $ownerEmail) { ...AssistantCollectionFields } }`,
        [AssistantCollectionFields],
      ),
      delete: graphql(
        `subscription ($ownerEmail: String) { onDeleteAssistant(ownerEmail: $ownerEmail) { ...AssistantCollectionFields } }`,
        [AssistantCollectionFields],
      ),
    },
  },
  templates: {
    name: 'templates',
    typeName: 'Template',
    plural: 'Templates',
    owned: false,
    ignoreDuplicateCreates: false,
    list: graphql(
      `query ListTemplates($limit: Int, $nextToken: String) { listTemplates(limit: $limit, nextToken: $nextToken) { items { ...TemplateCollectionFields } nextToken } }`,
      [TemplateCollectionFields],
    ),
    events: {
      create: graphql(`subscription { onCreateTemplate { ...TemplateCollectionFields } }`, [TemplateCollectionFields]),
      update: graphql(`subscription { onUpdateTemplate { ...TemplateCollectionFields } }`, [TemplateCollectionFields]),
      delete: graphql(`subscription { onDeleteTemplate { ...TemplateCollectionFields } }`, [TemplateCollectionFields]),
    },
  },
  wizards: {
    name: 'wizards',
    typeName: 'Wizard',
    plural: 'Wizards',
    owned: true,
    ignoreDuplicateCreates: true,
    list: graphql(
      `query ListWizards($limit: Int, $nextToken: String) { listWizards(limit: $limit, nextToken: $nextToken) { items { ...WizardCollectionFields } nextToken } }`,
      [WizardCollectionFields],
    ),
    events: {
      create: graphql(`subscription ($ownerEmail: String) { onCreateWizard(ownerEmail: $ownerEmail) { ...WizardCollectionFields } }`, [
        WizardCollectionFields,
      ]),
      update: graphql(`subscription ($ownerEmail: String) { onUpdateWizard(ownerEmail: $ownerEmail) { ...WizardCollectionFields } }`, [
        WizardCollectionFields,
      ]),
      delete: graphql(`subscription ($ownerEmail: String) { onDeleteWizard(ownerEmail: $ownerEmail) { ...WizardCollectionFields } }`, [
        WizardCollectionFields,
      ]),
    },
  },
};

/** Spec §4: every collection starts flagged on. */
export const initialCollectionFlags: Record<CollectionName, boolean> = Object.fromEntries(
  collectionNames.map((name) => [name, true]),
) as Record<CollectionName, boolean>;

/** An operation's text as sent, on one line (for reading what a collection asks for). */
const oneLine = (document: TadaDocumentNode<unknown, never>) => print(document).replace(/\s+/g, ' ');

export const listQuery = (def: CollectionDef) => oneLine(def.list);

export const subscriptionField = (def: CollectionDef, type: CollectionEventType) =>
  `on${type[0]?.toUpperCase()}${type.slice(1)}${def.typeName}`;

export const subscriptionQuery = (def: CollectionDef, type: CollectionEventType) => oneLine(def.events[type]);
