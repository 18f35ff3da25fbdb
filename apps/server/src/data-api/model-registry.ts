import type { ModelDef } from './model-types';

/**
 * The models of the live data API, by name. Domains declare their models (domains/<domain>/*-models.ts)
 * and src/data-api-models.ts registers them all, in SDL order, when it is loaded; services.ts loads
 * it, so every process and test that has services has the models before any operation runs.
 */
const registered = new Map<string, ModelDef>();

/** Adds models to the registry; answers them so the list can be kept as one value. */
export function registerModels<T extends readonly ModelDef[]>(defs: T): T {
  for (const model of defs) {
    const existing = registered.get(model.name);
    if (existing && existing !== model) throw new Error(`Model ${model.name} is registered twice`);
    registered.set(model.name, model);
  }
  return defs;
}

export function getModel(name: string): ModelDef {
  const model = registered.get(name);
  if (model) return model;
  if (registered.size === 0) {
    throw new Error(`Unknown model ${name}: no model is registered yet (src/data-api-models.ts registers them; services.ts loads it)`);
  }
  throw new Error(`Unknown model ${name}`);
}
