import { entitySchemas } from '@aisle/contracts/entities';
import { f, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { functions } from '../../db/schema';
import { withinLimit } from '../billing';
import { prepareFunctionWrite } from './prepare-function-write';

/** An owner's functions (tools); a write through the data API is checked like functions/create/. */
export const functionModels: ModelDef[] = [
  {
    name: 'Function',
    input: entitySchemas.Function,
    plural: 'Functions',
    table: functions,
    owned: true,
    fields: [
      // Set by the server from the last save, check and run (check-function.ts, run-function.ts).
      ro('status', 'String'),
      ro('log', 'String'),
      f('name', 'String', { required: true }),
      f('fileName', 'String'),
      f('code', 'String'),
      f('description', 'String'),
      ro('thirdPartyServices', 'StringList'),
      ro('isViolatingRules', 'Boolean'),
      ro('violatingBecause', 'String'),
      f('functionAssistantDefinition', 'AWSJSON'),
      f('variables', 'AWSJSON'),
      f('returnType', 'String'),
    ],
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    // Within the tier's limit, checked and inserted in one transaction (billing/limits.ts).
    createGuard: (ctx, create) => withinLimit(ctx, { ownerEmail: ctx.ownerEmail, limit: 'functions' }, create),
    subscriptions: ['create', 'update', 'delete'],
    relations: [{ name: 'assistants', kind: 'hasMany', model: 'AssistantFunction', field: 'functionId' }],
    prepareWrite: prepareFunctionWrite,
  },
];
