import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/database';
import type { EventBus, ModelEventKind } from '../lib/event-bus';

/** Scalar kinds of the data API, as Amplify generates them. */
export type FieldType = 'ID' | 'String' | 'Int' | 'Float' | 'Boolean' | 'AWSDateTime' | 'AWSJSON' | 'StringList';

export interface FieldDef {
  /** Name in the API (the spec's camelCase, e.g. `assistantID`, `tool_resources`). */
  name: string;
  /** Key of the Drizzle column on the model's table. */
  column: string;
  type: FieldType;
  /** Non-null in the type and required in the create input. */
  required?: boolean;
  /** Managed by the server: readable, never in a create or update input. */
  readonly?: boolean;
  /** Settable on create only (foreign keys of join records and children). */
  immutable?: boolean;
  /** For ID fields pointing at another model: checked to be visible to the caller on write. */
  ref?: string;
}

/** Who may run a mutation: the row's owner, staff only, or nobody (server-side only). */
export type Access = 'owner' | 'staff' | 'none';

export interface IndexDef {
  /** Query name, e.g. `threadsByAssistantID`. */
  query: string;
  /** Partition field (API name), an argument of the query. */
  hashField: string;
  /** Sort field (API name); the key condition argument carries its name. */
  sortField: 'createdAt' | 'lastActivityAt';
}

export interface RelationDef {
  /** Field name on the parent type, e.g. `messages`. */
  name: string;
  kind: 'hasMany' | 'belongsTo';
  /** Target model name. */
  model: string;
  /** hasMany: the child's field pointing at this model; belongsTo: this model's field holding the id. */
  field: string;
}

/**
 * Server-computed columns of a write through the data API: called with the column values the
 * caller sets and, on update, the row as it is; answers the columns to set besides them.
 */
export type PrepareWrite = (values: Record<string, unknown>, current: Record<string, unknown> | null) => Record<string, unknown>;

/**
 * Wraps a create through the data API: the domain's rule around it (a tier limit: check and
 * insert in one transaction). `create` runs the insert on the database handle it is given.
 */
export type CreateGuard = <T>(ctx: { db: Db; events: EventBus; ownerEmail: string }, create: (db: DbOrTx) => Promise<T>) => Promise<T>;

export interface ModelDef {
  name: string;
  /** Plural used in `listX` (Amplify's pluralisation). */
  plural: string;
  table: PgTable;
  /**
   * Owned rows are scoped to `ownerEmail` on every read, write and subscription. Unowned models
   * (announcements, templates) are readable by every signed-in user.
   */
  owned: boolean;
  /** Fields besides the implicit `id`, `createdAt`, `updatedAt` (and `ownerEmail` when owned). */
  fields: FieldDef[];
  create: Access;
  update: Access;
  delete: Access;
  subscriptions: ModelEventKind[];
  indexes?: IndexDef[];
  relations?: RelationDef[];
  prepareWrite?: PrepareWrite;
  createGuard?: CreateGuard;
  /**
   * What a client may write, as packages/contracts says it (`entitySchemas`): checked on every
   * create and update (an update only for the fields it sends). Fields it does not name still get
   * the default bounds of their kind (data-api/input-rules.ts).
   */
  input?: z.ZodObject;
}

export type ColumnMap = Record<string, PgColumn>;

export function columnsOf(model: ModelDef): ColumnMap {
  return model.table as unknown as ColumnMap;
}
