import type { FieldDef, ModelDef } from './model-types';

/** Implicit fields every model has (Amplify adds them), then the ownerEmail of owned models. */
export function allFields(model: ModelDef): FieldDef[] {
  const implicit: FieldDef[] = [
    { name: 'id', column: 'id', type: 'ID', required: true, readonly: true },
    { name: 'createdAt', column: 'createdAt', type: 'AWSDateTime', required: true, readonly: true },
    { name: 'updatedAt', column: 'updatedAt', type: 'AWSDateTime', required: true, readonly: true },
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
