import { allFields } from '../data-api/model-fields';
import { getModel } from '../data-api/model-registry';
import type { FieldDef, FieldType, ModelDef } from '../data-api/model-types';
import { dataApiModels } from '../data-api-models';

/**
 * Generates the SDL of the data API from its models (src/data-api-models.ts), with the names and
 * shapes Amplify generates (`ModelWizardConnection`, `CreateWizardInput`,
 * `ModelSubscriptionWizardFilterInput`, …) so clients written against the spec work unchanged.
 */
const outputType: Record<FieldType, string> = {
  ID: 'ID',
  String: 'String',
  Int: 'Int',
  Float: 'Float',
  Boolean: 'Boolean',
  AWSDateTime: 'AWSDateTime',
  AWSJSON: 'AWSJSON',
  StringList: '[String]',
};

const filterInput: Record<FieldType, string> = {
  ID: 'ModelIDInput',
  String: 'ModelStringInput',
  Int: 'ModelIntInput',
  Float: 'ModelFloatInput',
  Boolean: 'ModelBooleanInput',
  AWSDateTime: 'ModelStringInput',
  AWSJSON: 'ModelStringInput',
  StringList: 'ModelStringInput',
};

const subscriptionFilterInput: Record<FieldType, string> = {
  ID: 'ModelSubscriptionIDInput',
  String: 'ModelSubscriptionStringInput',
  Int: 'ModelSubscriptionIntInput',
  Float: 'ModelSubscriptionFloatInput',
  Boolean: 'ModelSubscriptionBooleanInput',
  AWSDateTime: 'ModelSubscriptionStringInput',
  AWSJSON: 'ModelSubscriptionStringInput',
  StringList: 'ModelSubscriptionStringInput',
};

const scalarInputs = (name: string, type: string, ordered: boolean, text: boolean, subscription: boolean) => {
  const lines = ['ne', 'eq'].map((op) => `  ${op}: ${type}`);
  if (ordered) lines.push(...['le', 'lt', 'ge', 'gt'].map((op) => `  ${op}: ${type}`), `  between: [${type}]`);
  if (text) lines.push(`  contains: ${type}`, `  notContains: ${type}`, `  beginsWith: ${type}`);
  if (subscription && ordered) lines.push(`  in: [${type}]`, `  notIn: [${type}]`);
  if (!subscription) lines.push('  attributeExists: Boolean');
  return `input ${name} {\n${lines.join('\n')}\n}`;
};

const common = `
scalar AWSDateTime
scalar AWSJSON

enum ModelSortDirection {
  ASC
  DESC
}

${scalarInputs('ModelStringInput', 'String', true, true, false)}
${scalarInputs('ModelIDInput', 'ID', true, true, false)}
${scalarInputs('ModelIntInput', 'Int', true, false, false)}
${scalarInputs('ModelFloatInput', 'Float', true, false, false)}
${scalarInputs('ModelBooleanInput', 'Boolean', false, false, false)}
${scalarInputs('ModelSubscriptionStringInput', 'String', true, true, true)}
${scalarInputs('ModelSubscriptionIDInput', 'ID', true, true, true)}
${scalarInputs('ModelSubscriptionIntInput', 'Int', true, false, true)}
${scalarInputs('ModelSubscriptionFloatInput', 'Float', true, false, true)}
${scalarInputs('ModelSubscriptionBooleanInput', 'Boolean', false, false, true)}

input ModelStringKeyConditionInput {
  eq: String
  le: String
  lt: String
  ge: String
  gt: String
  between: [String]
  beginsWith: String
}
`;

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const listArgs = (model: string) => `filter: Model${model}FilterInput, limit: Int, nextToken: String`;

function typeDef(model: ModelDef): string {
  const lines = allFields(model).map((field) => `  ${field.name}: ${outputType[field.type]}${field.required ? '!' : ''}`);
  for (const relation of model.relations ?? []) {
    lines.push(
      relation.kind === 'hasMany'
        ? `  ${relation.name}(filter: Model${relation.model}FilterInput, sortDirection: ModelSortDirection, limit: Int, nextToken: String): Model${relation.model}Connection`
        : `  ${relation.name}: ${relation.model}`,
    );
  }
  return `type ${model.name} {\n${lines.join('\n')}\n}\n\ntype Model${model.name}Connection {\n  items: [${model.name}]!\n  nextToken: String\n}`;
}

function filterDefs(model: ModelDef): string {
  const fields = allFields(model);
  const filter = fields.map((f) => `  ${f.name}: ${filterInput[f.type]}`);
  const condition = fields.filter((f) => f.name !== 'id').map((f) => `  ${f.name}: ${filterInput[f.type]}`);
  const subscription = fields.map((f) => `  ${f.name}: ${subscriptionFilterInput[f.type]}`);
  const n = model.name;
  return [
    `input Model${n}FilterInput {\n${filter.join('\n')}\n  and: [Model${n}FilterInput]\n  or: [Model${n}FilterInput]\n  not: Model${n}FilterInput\n}`,
    `input Model${n}ConditionInput {\n${condition.join('\n')}\n  and: [Model${n}ConditionInput]\n  or: [Model${n}ConditionInput]\n  not: Model${n}ConditionInput\n}`,
    `input ModelSubscription${n}FilterInput {\n${subscription.join('\n')}\n  and: [ModelSubscription${n}FilterInput]\n  or: [ModelSubscription${n}FilterInput]\n}`,
  ].join('\n\n');
}

const inputType = (field: FieldDef) => (field.type === 'StringList' ? '[String]' : outputType[field.type]);

function mutationInputs(model: ModelDef): string {
  const defs: string[] = [];
  const writable = model.fields.filter((f) => !f.readonly);
  const owner = model.owned ? ['  ownerEmail: String'] : [];
  if (model.create !== 'none') {
    const lines = ['  id: ID', ...owner, ...writable.map((f) => `  ${f.name}: ${inputType(f)}${f.required ? '!' : ''}`)];
    defs.push(`input Create${model.name}Input {\n${lines.join('\n')}\n}`);
  }
  if (model.update !== 'none') {
    const lines = ['  id: ID!', ...owner, ...writable.filter((f) => !f.immutable).map((f) => `  ${f.name}: ${inputType(f)}`)];
    defs.push(`input Update${model.name}Input {\n${lines.join('\n')}\n}`);
  }
  if (model.delete !== 'none') defs.push(`input Delete${model.name}Input {\n  id: ID!\n}`);
  return defs.join('\n\n');
}

function indexQueryArgs(model: ModelDef, index: NonNullable<ModelDef['indexes']>[number]): string {
  const hash = allFields(model).find((f) => f.name === index.hashField);
  const hashType = hash?.type === 'ID' ? 'ID!' : 'String!';
  return `${index.hashField}: ${hashType}, ${index.sortField}: ModelStringKeyConditionInput, sortDirection: ModelSortDirection, ${listArgs(model.name)}`;
}

export function buildSdl(): string {
  const types: string[] = [common];
  const queries: string[] = [];
  const mutations: string[] = [];
  const subscriptions: string[] = [];
  for (const model of dataApiModels) {
    const n = model.name;
    types.push(typeDef(model), filterDefs(model), mutationInputs(model));
    queries.push(`  get${n}(id: ID!): ${n}`, `  list${model.plural}(${listArgs(n)}): Model${n}Connection`);
    for (const index of model.indexes ?? []) queries.push(`  ${index.query}(${indexQueryArgs(model, index)}): Model${n}Connection`);
    for (const op of ['create', 'update', 'delete'] as const) {
      if (model[op] !== 'none') mutations.push(`  ${op}${n}(input: ${upper(op)}${n}Input!, condition: Model${n}ConditionInput): ${n}`);
    }
    for (const kind of model.subscriptions) {
      const ownerArg = model.owned ? ', ownerEmail: String' : '';
      subscriptions.push(`  on${upper(kind)}${n}(filter: ModelSubscription${n}FilterInput${ownerArg}): ${n}`);
    }
  }
  // Relations must point at registered models; fail at boot rather than at query time.
  for (const model of dataApiModels) for (const relation of model.relations ?? []) getModel(relation.model);
  return [
    ...types,
    `type Query {\n${queries.join('\n')}\n}`,
    `type Mutation {\n${mutations.join('\n')}\n}`,
    `type Subscription {\n${subscriptions.join('\n')}\n}`,
  ].join('\n\n');
}
