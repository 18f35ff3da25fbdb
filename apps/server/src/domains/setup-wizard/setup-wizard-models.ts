import { entitySchemas } from '@aisle/contracts/entities';
import { WIZARD_FLAGS } from '@aisle/contracts/setup-wizard';
import { f, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { wizards } from '../../db/schema';

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
      ...WIZARD_FLAGS.map((flag) => f(flag, 'Boolean')),
      // Why the last run failed (status Failed), and the shop it was for: the job's to write.
      ro('log', 'String'),
      ro('shopDomain', 'String'),
    ],
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    subscriptions: ['create', 'update', 'delete'],
  },
];
