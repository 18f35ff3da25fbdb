import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

/** Spec §3 Template: ready-made abilities, readable by every signed-in user, written by staff. */
export const templates = pgTable('templates', {
  id: id(),
  ...timestamps(),
  active: boolean('active').notNull().default(true),
  name: text('name').notNull(),
  description: text('description'),
  requiredVariables: jsonb('required_variables'),
});

/** Spec §3 TemplateFunction. */
export const templateFunctions = pgTable(
  'template_functions',
  {
    id: id(),
    ...timestamps(),
    active: boolean('active').notNull().default(true),
    name: text('name').notNull(),
    fileName: text('file_name'),
    description: text('description'),
    code: text('code'),
    functionAssistantDefinition: jsonb('function_assistant_definition'),
    variables: jsonb('variables'),
    returnType: text('return_type'),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
  },
  (t) => [index('template_functions_template_idx').on(t.templateId, t.createdAt)],
);

/** Spec §3 CustomUserTemplate: a merchant's own combination of template functions. */
export const customUserTemplates = pgTable(
  'custom_user_templates',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    name: text('name').notNull(),
  },
  (t) => [index('custom_user_templates_owner_idx').on(t.ownerEmail, t.createdAt)],
);

/** Spec §3 UserTemplateFunctions link. */
export const userTemplateFunctions = pgTable(
  'user_template_functions',
  {
    id: id(),
    ...timestamps(),
    customUserTemplateId: uuid('custom_user_template_id')
      .notNull()
      .references(() => customUserTemplates.id, { onDelete: 'cascade' }),
    templateFunctionId: uuid('template_function_id')
      .notNull()
      .references(() => templateFunctions.id, { onDelete: 'cascade' }),
    ownerEmail: ownerEmail(),
  },
  (t) => [
    index('user_template_functions_cut_idx').on(t.customUserTemplateId, t.createdAt),
    uniqueIndex('user_template_functions_unique').on(t.customUserTemplateId, t.templateFunctionId),
  ],
);
