import { buildSchema, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { dataApiModels } from '../data-api-models';
import { operationsOf } from '../testing/model-operations';
import { buildSdl } from './build-sdl';

const schema = buildSchema(buildSdl());
const fieldsOf = (type: GraphQLObjectType | null | undefined) => Object.keys(type?.getFields() ?? {}).sort();

describe('data API schema', () => {
  it('has exactly the operations the isolation suites exercise, so none escapes them', () => {
    const ops = dataApiModels.map(operationsOf);
    expect(fieldsOf(schema.getQueryType())).toEqual(ops.flatMap((o) => [o.get, o.list, ...o.indexes]).sort());
    expect(fieldsOf(schema.getMutationType())).toEqual(ops.flatMap((o) => o.mutations).sort());
    expect(fieldsOf(schema.getSubscriptionType())).toEqual(ops.flatMap((o) => o.subscriptions).sort());
  });

  it('names every call of spec §7 the way Amplify generates it', () => {
    const query = fieldsOf(schema.getQueryType());
    const mutation = fieldsOf(schema.getMutationType());
    const subscription = fieldsOf(schema.getSubscriptionType());
    const lists = [
      'Announcements',
      'Notifications',
      'Functions',
      'Assistants',
      'Stores',
      'Files',
      'Templates',
      'CustomUserTemplates',
      'Wizards',
    ];
    for (const plural of lists) expect(query).toContain(`list${plural}`);
    expect(query).toEqual(
      expect.arrayContaining([
        'listCustomerValueAnalytics',
        'listAssistantFunctions',
        'listAssistantStores',
        'listAssistantTemplates',
        'listAssistantCustomUserTemplates',
        'getSharedAssistant',
        'assistantsByOwnerEmail',
        'threadsByAssistantID',
        'messagesByThreadID',
        'sharedThreadsByOwnerEmailAndLastActivityAt',
        'sharedMessagesBySharedThreadID',
        'templateFunctionsByTemplateID',
        'tasksByOwnerEmail',
        'userTemplateFunctionsByCustomUserTemplateId',
      ]),
    );
    expect(mutation).toEqual(
      expect.arrayContaining([
        'updateNotification',
        'updateAssistant',
        'updateThread',
        'updateSharedAssistant',
        'updateSharedThread',
        'createCustomUserTemplate',
        'deleteCustomUserTemplate',
        'createWizard',
        'updateWizard',
        'createUserTemplateFunctions',
        'deleteUserTemplateFunctions',
      ]),
    );
    for (const model of ['Announcement', 'Notification', 'Function', 'Assistant', 'Store', 'Template', 'Wizard']) {
      for (const kind of ['Create', 'Update', 'Delete']) expect(subscription).toContain(`on${kind}${model}`);
    }
    expect(subscription).toEqual(expect.arrayContaining(['onCreateSharedThread', 'onUpdateSharedThread', 'onCreateSharedMessage']));
  });

  it('gives the wizard all eleven flags and the Amplify argument shapes', () => {
    const wizard = schema.getType('Wizard') as GraphQLObjectType;
    const flags = Object.keys(wizard.getFields()).filter((f) => /Retrieved|Created|Uploaded|Linked|ConfigurationUpdated/.test(f));
    expect(flags).toHaveLength(11);
    expect(flags).toContain('shopifyConfigurationUpdated');
    const createWizard = schema.getMutationType()?.getFields().createWizard;
    expect(createWizard?.args.map((a) => `${a.name}: ${a.type}`)).toEqual([
      'input: CreateWizardInput!',
      'condition: ModelWizardConditionInput',
    ]);
    const listWizards = schema.getQueryType()?.getFields().listWizards;
    expect(String(listWizards?.type)).toBe('ModelWizardConnection');
    expect(listWizards?.args.map((a) => `${a.name}: ${a.type}`)).toEqual([
      'filter: ModelWizardFilterInput',
      'limit: Int',
      'nextToken: String',
    ]);
    const onCreate = schema.getSubscriptionType()?.getFields().onCreateWizard;
    expect(onCreate?.args.map((a) => `${a.name}: ${a.type}`)).toEqual(['filter: ModelSubscriptionWizardFilterInput', 'ownerEmail: String']);
  });
});
