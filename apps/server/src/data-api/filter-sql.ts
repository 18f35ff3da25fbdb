import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error';
import { checkFilterBudget } from './filter-budget';
import { fieldMap, isStorableDate } from './model-fields';
import { columnsOf, type FieldDef, type ModelDef } from './model-types';

/** A `ModelXFilterInput` / `ModelXConditionInput` value: field operators plus and / or / not. */
export type Filter = { and?: Filter[] | null; or?: Filter[] | null; not?: Filter | null } & Record<string, unknown>;

/**
 * Translates an Amplify-style filter into SQL. Operators: eq ne gt ge lt le between contains
 * notContains beginsWith attributeExists; `and`/`or` take lists, `not` one filter. Values are
 * always bound parameters.
 */
export function filterToSql(model: ModelDef, filter: Filter | null | undefined): SQL | undefined {
  checkFilterBudget(filter);
  return toSql(model, filter);
}

function toSql(model: ModelDef, filter: Filter | null | undefined): SQL | undefined {
  if (!filter) return undefined;
  const fields = fieldMap(model);
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (key === 'and' || key === 'or') {
      const list = (value as Filter[]).map((f) => toSql(model, f) ?? sql`true`);
      if (list.length === 0) continue;
      parts.push(sql`(${sql.join(list, key === 'and' ? sql` AND ` : sql` OR `)})`);
    } else if (key === 'not') {
      parts.push(sql`NOT (${toSql(model, value as Filter) ?? sql`true`})`);
    } else {
      const field = fields.get(key);
      if (!field) throw new AppError('BAD_REQUEST', `Unknown filter field "${key}".`);
      parts.push(fieldConditions(field, columnsOf(model)[field.column] as PgColumn, value as Record<string, unknown>));
    }
  }
  if (parts.length === 0) return undefined;
  return sql.join(parts, sql` AND `);
}

function fieldConditions(field: FieldDef, column: PgColumn, ops: Record<string, unknown>): SQL {
  const parts: SQL[] = [];
  for (const [op, value] of Object.entries(ops)) {
    if (value === undefined) continue;
    parts.push(operator(field, column, op, value));
  }
  return parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`true`;
}

/** Comparable SQL for a field: ids and JSON compare as text, dates as timestamptz. */
function expr(field: FieldDef, column: PgColumn): SQL {
  if (field.type === 'ID' || field.type === 'AWSJSON') return sql`${column}::text`;
  return sql`${column}`;
}

function param(field: FieldDef, value: unknown): SQL {
  if (field.type === 'AWSDateTime') {
    const time = typeof value === 'string' || value instanceof Date ? new Date(value) : new Date(Number.NaN);
    if (!isStorableDate(time)) throw new AppError('BAD_REQUEST', `"${String(value)}" is not a valid AWSDateTime for ${field.name}.`);
    return sql`${time.toISOString()}::timestamptz`;
  }
  if (field.type === 'Int' || field.type === 'Float') {
    if (typeof value !== 'number') throw new AppError('BAD_REQUEST', `${field.name} compares with numbers.`);
    return sql`${value}`;
  }
  if (field.type === 'Boolean') return sql`${Boolean(value)}`;
  return sql`${String(value)}`;
}

function operator(field: FieldDef, column: PgColumn, op: string, value: unknown): SQL {
  const e = expr(field, column);
  switch (op) {
    case 'eq':
      return value === null ? sql`${column} IS NULL` : sql`${e} = ${param(field, value)}`;
    case 'ne':
      return value === null ? sql`${column} IS NOT NULL` : sql`${e} IS DISTINCT FROM ${param(field, value)}`;
    case 'gt':
      return sql`${e} > ${param(field, value)}`;
    case 'ge':
      return sql`${e} >= ${param(field, value)}`;
    case 'lt':
      return sql`${e} < ${param(field, value)}`;
    case 'le':
      return sql`${e} <= ${param(field, value)}`;
    case 'between': {
      if (!Array.isArray(value) || value.length !== 2)
        throw new AppError('BAD_REQUEST', `between on ${field.name} takes exactly two values.`);
      return sql`${e} BETWEEN ${param(field, value[0])} AND ${param(field, value[1])}`;
    }
    case 'beginsWith':
      return sql`starts_with(${column}::text, ${String(value)})`;
    case 'contains':
    case 'notContains': {
      const test =
        field.type === 'StringList'
          ? sql`coalesce(${column}, '[]'::jsonb) @> ${JSON.stringify([String(value)])}::jsonb`
          : sql`strpos(${column}::text, ${String(value)}) > 0`;
      return op === 'contains' ? test : sql`NOT coalesce(${test}, false)`;
    }
    case 'attributeExists':
      return value ? sql`${column} IS NOT NULL` : sql`${column} IS NULL`;
    default:
      throw new AppError('BAD_REQUEST', `Unknown filter operator "${op}" on ${field.name}.`);
  }
}
