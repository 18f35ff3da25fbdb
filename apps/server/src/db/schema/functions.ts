import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

/** Spec §3 Function: merchant code run in the QuickJS sandbox, exposed to assistants as a tool. */
export const functions = pgTable(
  'functions',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    status: text('status'),
    log: text('log'),
    name: text('name').notNull(),
    fileName: text('file_name'),
    code: text('code'),
    description: text('description'),
    thirdPartyServices: jsonb('third_party_services').$type<string[]>(),
    isViolatingRules: boolean('is_violating_rules').notNull().default(false),
    violatingBecause: text('violating_because'),
    functionAssistantDefinition: jsonb('function_assistant_definition'),
    variables: jsonb('variables'),
    returnType: text('return_type'),
  },
  (t) => [index('functions_owner_idx').on(t.ownerEmail, t.createdAt)],
);
