import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/database';
import { AppError, appErrorFromDatabase } from '../lib/app-error';
import type { EventBus, ModelEventKind } from '../lib/event-bus';
import type { Viewer } from '../lib/viewer';
import { type Filter, filterToSql } from './filter-sql';
import { checkInput } from './input-rules';
import { apiSelection, fieldMap, isUuid, normalizeJsonItem, toApiItem } from './model-fields';
import { getModel } from './model-registry';
import { type Access, columnsOf, type ModelDef } from './model-types';
import { checkLimit, decodeCursor, encodeCursor } from './pagination';

/**
 * The domain layer behind the data API: owner-scoped reads and writes of any registered model.
 * Every write publishes its event after the statement commits, so subscribers see changes made
 * here, by REST handlers and by jobs alike.
 */
export interface ModelContext {
  db: Db;
  events: EventBus;
  viewer: Viewer;
}

export type Item = Record<string, unknown>;
export type SortDirection = 'ASC' | 'DESC';

export const UNAUTHORIZED = 'Unauthorized';
export const SERVER_MADE_ID = 'The id of a new item is chosen by the server: leave it out.';

export interface ListOptions {
  filter?: Filter | null;
  limit?: number | null;
  nextToken?: string | null;
  sortDirection?: SortDirection | null;
  sortField?: 'createdAt' | 'lastActivityAt';
  /** Key condition on the sort field (eq le lt ge gt between beginsWith). */
  keyCondition?: Record<string, unknown> | null;
  /** Equalities on API fields: an index's partition key or a relation's parent id. */
  equals?: Record<string, unknown>;
}

export interface Connection {
  items: Item[];
  nextToken: string | null;
}

function scope(model: ModelDef, viewer: Viewer): SQL | undefined {
  return model.owned ? sql`${columnsOf(model).ownerEmail} = ${viewer.email}` : undefined;
}

export async function listItems(ctx: ModelContext, model: ModelDef, options: ListOptions = {}): Promise<Connection> {
  const limit = checkLimit(options.limit);
  const columns = columnsOf(model);
  const fields = fieldMap(model);
  const sortField = options.sortField ?? 'createdAt';
  const sortColumn = columns[sortField] as PgColumn;
  const direction = options.sortDirection ?? 'DESC';
  const conditions: (SQL | undefined)[] = [scope(model, ctx.viewer), filterToSql(model, options.filter)];

  for (const [name, value] of Object.entries(options.equals ?? {})) {
    const field = fields.get(name);
    if (!field) throw new Error(`Unknown field ${name} on ${model.name}`);
    if (field.type === 'ID' && !isUuid(value)) return { items: [], nextToken: null };
    conditions.push(sql`${columns[field.column]} = ${value}`);
  }
  if (options.keyCondition) {
    conditions.push(filterToSql(model, { [sortField]: options.keyCondition }));
  }
  if (options.nextToken) {
    const cursor = decodeCursor(options.nextToken);
    const position = sql`(${sortColumn}, ${columns.id}) ${sql.raw(direction === 'DESC' ? '<' : '>')} (${cursor.sort}::timestamptz, ${cursor.id}::uuid)`;
    conditions.push(position);
  }

  const order = direction === 'DESC' ? sql`${sortColumn} DESC, ${columns.id} DESC` : sql`${sortColumn} ASC, ${columns.id} ASC`;
  const outerOrder = sql.raw(direction === 'DESC' ? `x."${sortField}" DESC, x."id" DESC` : `x."${sortField}" ASC, x."id" ASC`);
  // The page is built as one JSON document in the database: decoding one value is several times
  // faster than decoding 999 rows of 20+ columns field by field (bench/: 22 ms → 9 ms on PGlite).
  const result = (await ctx.db.execute(sql`
    SELECT coalesce(json_agg(x ORDER BY ${outerOrder}), '[]'::json) AS items FROM (
      SELECT ${apiSelection(model)} FROM ${model.table} WHERE ${and(...conditions) ?? sql`true`} ORDER BY ${order} LIMIT ${limit + 1}
    ) x`)) as unknown as { rows: { items: Item[] | string }[] };
  const raw = result.rows[0]?.items ?? [];
  const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Item[];

  const page = rows.slice(0, limit).map((row) => normalizeJsonItem(model, row));
  const last = page.at(-1);
  const nextToken = rows.length > limit && last ? encodeCursor({ sort: last[sortField] as string, id: last.id as string }) : null;
  return { items: page, nextToken };
}

export async function getItem(ctx: Omit<ModelContext, 'events'>, model: ModelDef, id: unknown): Promise<Item | null> {
  if (!isUuid(id)) return null;
  const columns = columnsOf(model);
  const [row] = (await ctx.db
    .select()
    .from(model.table)
    .where(and(sql`${columns.id} = ${id}`, scope(model, ctx.viewer)))
    .limit(1)) as Item[];
  return row ? toApiItem(model, row) : null;
}

/** Several rows by id in one query (the caller's own, or a public model's), in the order asked. */
export async function getItems(ctx: Omit<ModelContext, 'events'>, model: ModelDef, ids: readonly unknown[]): Promise<(Item | null)[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return ids.map(() => null);
  const columns = columnsOf(model);
  const rows = (await ctx.db
    .select()
    .from(model.table)
    .where(and(inArray(columns.id as PgColumn, wanted), scope(model, ctx.viewer)))) as Item[];
  const byId = new Map(rows.map((row) => [row.id as string, toApiItem(model, row)]));
  return ids.map((id) => (typeof id === 'string' ? (byId.get(id) ?? null) : null));
}

function checkAccess(access: Access, viewer: Viewer) {
  if (access === 'none' || (access === 'staff' && !viewer.isStaff)) throw new AppError('FORBIDDEN', UNAUTHORIZED);
}

/** Maps API input to column values, refusing fields the caller may not write. */
async function toColumns(ctx: ModelContext, model: ModelDef, raw: Item, mode: 'create' | 'update'): Promise<Item> {
  const fields = fieldMap(model);
  const input = checkInput(model, fields, raw);
  const values: Item = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined || name === 'id') continue;
    if (name === 'ownerEmail') {
      if (value !== ctx.viewer.email) throw new AppError('FORBIDDEN', UNAUTHORIZED);
      continue;
    }
    const field = fields.get(name);
    if (!field || field.readonly || (mode === 'update' && field.immutable)) {
      throw new AppError('BAD_REQUEST', `The field ${name} cannot be set on ${model.name}.`);
    }
    // A column that cannot hold null (a wizard's flags, counters) refuses it as a required field
    // does, even where the API type is nullable: the database would refuse it with a 500.
    if (value === null && (field.required || columnsOf(model)[field.column]?.notNull)) {
      throw new AppError('BAD_REQUEST', `${name} cannot be null.`);
    }
    if (field.ref && value !== null) await checkReference(ctx, field.ref, value);
    values[field.column] = value;
  }
  return values;
}

/** A written reference must point at a row the caller can see (their own, or a public model's). */
async function checkReference(ctx: ModelContext, modelName: string, id: unknown) {
  const target = await getItem(ctx, getModel(modelName), id);
  if (!target) throw new AppError('FORBIDDEN', UNAUTHORIZED);
}

function publish(ctx: Pick<ModelContext, 'events'>, model: ModelDef, kind: ModelEventKind, item: Item) {
  ctx.events.publish({
    model: model.name,
    kind,
    ownerEmail: model.owned || model.name === 'Announcement' ? (item.ownerEmail as string) : null,
    item,
  });
}

export async function createItem(ctx: ModelContext, model: ModelDef, input: Item): Promise<Item> {
  checkAccess(model.create, ctx.viewer);
  // Ids are the server's to choose: a client-chosen id would let anyone learn, by a conflict,
  // which ids other owners' rows have.
  if (input.id !== undefined && input.id !== null) throw new AppError('BAD_REQUEST', SERVER_MADE_ID);
  const values = await toColumns(ctx, model, input, 'create');
  for (const field of model.fields) {
    if (field.required && !field.readonly && values[field.column] === undefined) {
      throw new AppError('BAD_REQUEST', `${field.name} is required.`);
    }
  }
  if ('ownerEmail' in columnsOf(model)) values.ownerEmail = ctx.viewer.email;
  if (model.prepareWrite) Object.assign(values, model.prepareWrite(values, null));
  const insert = (db: DbOrTx) => runWrite(() => db.insert(model.table).values(values).returning()) as Promise<Item[]>;
  const [row] = model.createGuard
    ? await model.createGuard({ db: ctx.db, events: ctx.events, ownerEmail: ctx.viewer.email }, insert)
    : await insert(ctx.db);
  const item = toApiItem(model, row as Item);
  publish(ctx, model, 'create', item);
  return item;
}

/** Creates a row on the server's own authority (jobs, REST domain code, tests): no access rule. */
export async function insertItemAsSystem(ctx: Pick<ModelContext, 'db' | 'events'>, model: ModelDef, values: Item): Promise<Item> {
  const [row] = (await runWrite(() => ctx.db.insert(model.table).values(values).returning())) as Item[];
  const item = toApiItem(model, row as Item);
  publish(ctx, model, 'create', item);
  return item;
}

export async function updateItem(ctx: ModelContext, model: ModelDef, input: Item, condition?: Filter | null): Promise<Item> {
  checkAccess(model.update, ctx.viewer);
  if (!isUuid(input.id)) throw new AppError('FORBIDDEN', UNAUTHORIZED);
  const values = await toColumns(ctx, model, input, 'update');
  const columns = columnsOf(model);
  if (model.prepareWrite) {
    const [current] = (await ctx.db
      .select()
      .from(model.table)
      .where(and(sql`${columns.id} = ${input.id}`, scope(model, ctx.viewer)))
      .limit(1)) as Item[];
    if (!current) throw new AppError('FORBIDDEN', UNAUTHORIZED);
    Object.assign(values, model.prepareWrite(values, current));
  }
  const where = and(sql`${columns.id} = ${input.id}`, scope(model, ctx.viewer), filterToSql(model, condition));
  const [row] = (await runWrite(() =>
    ctx.db
      .update(model.table)
      .set({ ...values, updatedAt: new Date() })
      .where(where)
      .returning(),
  )) as Item[];
  if (!row) throw await missingOrConditionFailed(ctx, model, input.id);
  const item = toApiItem(model, row);
  publish(ctx, model, 'update', item);
  return item;
}

export async function deleteItem(ctx: ModelContext, model: ModelDef, input: Item, condition?: Filter | null): Promise<Item> {
  checkAccess(model.delete, ctx.viewer);
  if (!isUuid(input.id)) throw new AppError('FORBIDDEN', UNAUTHORIZED);
  const columns = columnsOf(model);
  const where = and(sql`${columns.id} = ${input.id}`, scope(model, ctx.viewer), filterToSql(model, condition));
  const [row] = (await runWrite(() => ctx.db.delete(model.table).where(where).returning())) as Item[];
  if (!row) throw await missingOrConditionFailed(ctx, model, input.id);
  const item = toApiItem(model, row);
  publish(ctx, model, 'delete', item);
  return item;
}

/** Someone else's row and a row that does not exist answer alike, so ids cannot be probed. */
async function missingOrConditionFailed(ctx: ModelContext, model: ModelDef, id: unknown): Promise<AppError> {
  const visible = await getItem(ctx, model, id);
  return visible ? new AppError('CONFLICT', 'The conditional request failed.') : new AppError('FORBIDDEN', UNAUTHORIZED);
}

async function runWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw appErrorFromDatabase(error) ?? error;
  }
}

/**
 * Publishes a change the domain layer made itself (after its commit), from the row as Drizzle
 * returned it, so subscribers see REST and job changes like mutations. Returns the API item.
 */
export function publishRow(ctx: Pick<ModelContext, 'events'>, model: ModelDef, kind: ModelEventKind, row: object): Item {
  const item = toApiItem(model, row as Item);
  publish(ctx, model, kind, item);
  return item;
}
