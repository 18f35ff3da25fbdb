import { entitySchemas } from '@aisle/contracts/entities';
import { f } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { wizards } from '../../db/schema';

/** The eleven steps of the store-to-assistant setup (spec §3 Wizard), each a flag set once done. */
const wizardFlags = [
  'pagesRetrieved',
  'blogsRetrieved',
  'productsRetrieved',
  'themeColorsRetrieved',
  'vectorStoreCreated',
  'filesUploaded',
  'assistantCreated',
  'vectorStoreLinked',
  'templateLinked',
  'sharedAssistantCreated',
  'shopifyConfigurationUpdated',
] as const;

/** The setup wizard's progress, live to the owner. */
export const setupWizardModels: ModelDef[] = [
  {
    name: 'Wizard',
    input: entitySchemas.Wizard,
    plural: 'Wizards',
    table: wizards,
    owned: true,
    fields: [
      f('currentStep', 'String'),
      f('status', 'String'),
      f('completed', 'Boolean'),
      ...wizardFlags.map((flag) => f(flag, 'Boolean')),
    ],
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    subscriptions: ['create', 'update', 'delete'],
  },
];
