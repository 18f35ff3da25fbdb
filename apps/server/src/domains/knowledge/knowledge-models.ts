import { entitySchemas } from '@aisle/contracts/entities';
import { f, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { files, stores } from '../../db/schema';
import { withinLimit } from '../billing';

/** Stores and their files: created and deleted through the knowledge calls, their progress live. */
export const knowledgeModels: ModelDef[] = [
  {
    name: 'Store',
    input: entitySchemas.Store,
    plural: 'Stores',
    table: stores,
    owned: true,
    fields: [
      f('name', 'String', { required: true }),
      f('currency', 'String'),
      ro('totalSize', 'Float'),
      ro('status', 'String'),
      ro('fileCount', 'Int'),
      ro('retrievalMode', 'String'),
    ],
    create: 'owner',
    update: 'owner',
    // Deleting a store removes its files' bytes too: POST /api/store/delete/ (manage-stores.ts).
    delete: 'none',
    // Within the tier's limit, checked and inserted in one transaction (billing/limits.ts).
    createGuard: (ctx, create) => withinLimit(ctx, { ownerEmail: ctx.ownerEmail, limit: 'knowledgeStores' }, create),
    subscriptions: ['create', 'update', 'delete'],
    relations: [
      { name: 'files', kind: 'hasMany', model: 'File', field: 'storeID' },
      { name: 'assistants', kind: 'hasMany', model: 'AssistantStore', field: 'storeId' },
    ],
  },
  {
    name: 'File',
    plural: 'Files',
    table: files,
    owned: true,
    fields: [
      ro('fileName', 'String'),
      ro('filePath', 'String'),
      ro('size', 'Float'),
      ro('storeID', 'ID', { column: 'storeId' }),
      ro('storeFilesId', 'ID'),
      ro('contentType', 'String'),
      ro('status', 'String'),
      ro('statusReason', 'String'),
      ro('progress', 'Int'),
      ro('passageCount', 'Int'),
    ],
    // Files come and go through the upload calls (manage-files.ts); their progress is live.
    create: 'none',
    update: 'none',
    delete: 'none',
    subscriptions: ['create', 'update', 'delete'],
  },
];
