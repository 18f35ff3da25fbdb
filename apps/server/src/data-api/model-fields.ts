import { type SQL, sql } from 'drizzle-orm';
import { columnsOf, type FieldDef, type ModelDef } from './model-types';

/** Implicit fields every model has (Amplify adds them), then the ownerEmail of owned models. */
export function allFields(model: ModelDef): FieldDef[] {
  const implicit: FieldDef[] = [
    { name: 'id', column: 'id', type: 'ID', required: true, readonly: true },
    { name: 'createdAt', column: 'createdAt', type: 'AWSDateTime', required: true, readonly: true },
    // An append-only log (no updated_at column) was last changed when it was written.
    {
      name: 'updatedAt',
      column: 'updatedAt' in model.table ? 'updatedAt' : 'createdAt',
      type: 'AWSDateTime',
      required: true,
      readonly: true,
    },
  ];
  if (model.owned) implicit.push({ name: 'ownerEmail', column: 'ownerEmail', type: 'String', required: true, readonly: true });
  return [...implicit, ...model.fields];
}

const fieldCache = new WeakMap<ModelDef, Map<string, FieldDef>>();

export function fieldMap(model: ModelDef): Map<string, FieldDef> {
  let map = fieldCache.get(model);
  if (!map) {
    map = new Map(allFields(model).map((field) => [field.name, field]));
    fieldCache.set(model, map);
  }
  return map;
}

/** A database row in its API shape: API field names, ISO dates; JSON-safe so it crosses Redis. */
export function toApiItem(model: ModelDef, row: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = { __typename: model.name };
  for (const field of allFields(model)) {
    const value = row[field.column];
    item[field.name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return item;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * A date the database can compare and store: JavaScript dates reach the years ±275760, which
 * Postgres refuses in a statement (a time zone out of range, SQLSTATE 22009) and which no row of
 * ours has. Years 1 to 9999 are the ones ISO 8601 writes in four digits.
 */
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(year) && year >= 1 && year <= 9999;
}

/** `column AS "apiName", …` for every field: rows come out of SQL already in their API shape. */
export function apiSelection(model: ModelDef): SQL {
  const columns = columnsOf(model);
  return sql.join(
    allFields(model).map((field) => sql`${columns[field.column]} AS ${sql.identifier(field.name)}`),
    sql`, `,
  );
}

/** Finishes a row decoded from JSON: timestamps in one ISO form (`…Z`), the type name. */
export function normalizeJsonItem(model: ModelDef, row: Record<string, unknown>): Record<string, unknown> {
  for (const field of allFields(model)) {
    const value = row[field.name];
    if (field.type === 'AWSDateTime' && typeof value === 'string') row[field.name] = new Date(value).toISOString();
    else if (value === undefined) row[field.name] = null;
  }
  row.__typename = model.name;
  return row;
}
