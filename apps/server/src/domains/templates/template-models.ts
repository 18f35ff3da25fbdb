import { entitySchemas } from '@aisle/contracts/entities';
import { f, ref } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { customUserTemplates, templateFunctions, templates, userTemplateFunctions } from '../../db/schema';

/** Staff templates with their functions, and an owner's own templates picked from them. */
export const templateModels: ModelDef[] = [
  {
    name: 'Template',
    input: entitySchemas.Template,
    plural: 'Templates',
    table: templates,
    owned: false,
    fields: [
      f('active', 'Boolean'),
      f('name', 'String', { required: true }),
      f('description', 'String'),
      f('requiredVariables', 'AWSJSON'),
    ],
    create: 'staff',
    update: 'staff',
    delete: 'staff',
    subscriptions: ['create', 'update', 'delete'],
    relations: [
      { name: 'templateFunctions', kind: 'hasMany', model: 'TemplateFunction', field: 'templateID' },
      { name: 'assistants', kind: 'hasMany', model: 'AssistantTemplate', field: 'templateId' },
    ],
  },
  {
    name: 'TemplateFunction',
    input: entitySchemas.TemplateFunction,
    plural: 'TemplateFunctions',
    table: templateFunctions,
    owned: false,
    fields: [
      f('active', 'Boolean'),
      f('name', 'String', { required: true }),
      f('fileName', 'String'),
      f('description', 'String'),
      f('code', 'String'),
      f('functionAssistantDefinition', 'AWSJSON'),
      f('variables', 'AWSJSON'),
      f('returnType', 'String'),
      ref('templateID', 'templateId', 'Template'),
    ],
    create: 'staff',
    update: 'staff',
    delete: 'staff',
    subscriptions: [],
    indexes: [{ query: 'templateFunctionsByTemplateID', hashField: 'templateID', sortField: 'createdAt' }],
  },
  {
    name: 'CustomUserTemplate',
    input: entitySchemas.CustomUserTemplate,
    plural: 'CustomUserTemplates',
    table: customUserTemplates,
    owned: true,
    fields: [f('name', 'String', { required: true })],
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    subscriptions: [],
    relations: [
      { name: 'templateFunctions', kind: 'hasMany', model: 'UserTemplateFunctions', field: 'customUserTemplateId' },
      { name: 'assistants', kind: 'hasMany', model: 'AssistantCustomUserTemplate', field: 'customUserTemplateId' },
    ],
  },
  {
    name: 'UserTemplateFunctions',
    plural: 'UserTemplateFunctions',
    table: userTemplateFunctions,
    owned: true,
    fields: [
      ref('customUserTemplateId', 'customUserTemplateId', 'CustomUserTemplate'),
      ref('templateFunctionId', 'templateFunctionId', 'TemplateFunction'),
    ],
    create: 'owner',
    update: 'none',
    delete: 'owner',
    subscriptions: [],
    indexes: [{ query: 'userTemplateFunctionsByCustomUserTemplateId', hashField: 'customUserTemplateId', sortField: 'createdAt' }],
    relations: [
      { name: 'customUserTemplate', kind: 'belongsTo', model: 'CustomUserTemplate', field: 'customUserTemplateId' },
      { name: 'templateFunction', kind: 'belongsTo', model: 'TemplateFunction', field: 'templateFunctionId' },
    ],
  },
];
