import { allFields } from '../data-api/model-fields';
import { getModel } from '../data-api/model-registry';
import type { Item } from '../data-api/model-store';
import type { FieldDef, ModelDef } from '../data-api/model-types';
import { dataApiModels } from '../data-api-models';

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The operation names the data API has for one model, derived like the SDL. */
export function operationsOf(model: ModelDef) {
  return {
    get: `get${model.name}`,
    list: `list${model.plural}`,
    indexes: (model.indexes ?? []).map((i) => i.query),
    mutations: (['create', 'update', 'delete'] as const).filter((op) => model[op] !== 'none').map((op) => `${op}${model.name}`),
    subscriptions: model.subscriptions.map((kind) => `on${upper(kind)}${model.name}`),
  };
}

export const ownedModels = dataApiModels.filter((m) => m.owned);
export const publicModels = dataApiModels.filter((m) => !m.owned);

/** A selection of every scalar field (relations left out). */
export const selection = (model: ModelDef) =>
  allFields(model)
    .map((f) => f.name)
    .join(' ');

/** Values for fields whose entity rules (packages/contracts entities.ts) want a particular form. */
const validSamples: Record<string, unknown> = {
  name: 'changed_name',
  model: 'local:extractive',
  temperature: 0.7,
  currency: 'EUR',
  topP: 0.5,
  assistantAvatarUrl: 'https://example.com/assistant.png',
  userAvatarUrl: 'https://example.com/user.png',
  ownerProfilePicUrl: 'https://example.com/owner.png',
  tools: JSON.stringify([]),
  assistantUserQA: JSON.stringify([{ question: 'Changed?', answer: 'Yes.' }]),
  storeRetrievalSettings: JSON.stringify({ passagesPerTurn: 4, minimumScore: 0 }),
  orderHelp: JSON.stringify({ status: true, returns: false, addressChange: true, resendConfirmation: false }),
  variables: JSON.stringify(['CHANGED']),
  requiredVariables: JSON.stringify([]),
  returnType: 'object',
};

/** A plausible value for a writable field; references point at `rows` (the caller's own by default). */
export function sampleValue(field: FieldDef, rows: Record<string, Item>): unknown {
  if (field.ref) return rows[field.ref]?.id;
  if (field.name in validSamples) return validSamples[field.name];
  switch (field.type) {
    case 'String':
      return `changed ${field.name}`;
    case 'Boolean':
      return true;
    case 'Int':
    case 'Float':
      return 7;
    case 'AWSJSON':
      return JSON.stringify({ changed: field.name });
    case 'AWSDateTime':
      return '2030-01-01T00:00:00.000Z';
    case 'ID':
      return '00000000-0000-4000-8000-000000000000';
    case 'StringList':
      return ['x'];
  }
}

/** A full create input: every writable field with a sample value. */
export function createInput(model: ModelDef, rows: Record<string, Item>): Item {
  const input: Item = {};
  for (const field of model.fields) if (!field.readonly) input[field.name] = sampleValue(field, rows);
  return input;
}

/** One writable, non-key field for update attempts, or undefined if the model has none. */
export function updatableField(model: ModelDef): FieldDef | undefined {
  return model.fields.find((f) => !f.readonly && !f.immutable);
}

export { getModel };
