import type { FieldDef, FieldType } from './model-types';

/** A field the caller may set; its column is the Drizzle key of the same name unless `extra.column` says otherwise. */
export const f = (name: string, type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ name, column: name, type, ...extra });

/** A field the server manages: readable, never in a create or update input. */
export const ro = (name: string, type: FieldType, extra: Partial<FieldDef> = {}) => f(name, type, { readonly: true, ...extra });

/** A required foreign key, set on create only and checked to point at a row the caller can see. */
export const ref = (name: string, column: string, model: string, extra: Partial<FieldDef> = {}) =>
  f(name, 'ID', { column, ref: model, required: true, immutable: true, ...extra });
