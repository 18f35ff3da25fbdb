import type { Db } from '../../db/database';
import { templateFunctions, templates } from '../../db/schema';
import { seededTemplates } from './seeded-templates';

/**
 * Adds the seeded templates that are missing (every boot; two instances booting at once insert
 * each row once). Rows already there are left alone, so staff edits (deactivating a template,
 * rewording it) survive restarts.
 */
export async function seedTemplates(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(templates)
      .values(
        seededTemplates.map((template) => ({
          id: template.id,
          name: template.name,
          description: template.description,
          requiredVariables: template.requiredVariables,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(templateFunctions)
      .values(
        seededTemplates.flatMap((template) =>
          template.functions.map((fn) => ({
            id: fn.id,
            templateId: template.id,
            name: fn.name,
            fileName: `${fn.name}.mjs`,
            description: fn.description,
            code: fn.code,
            functionAssistantDefinition: {
              type: 'function',
              function: { name: fn.name, description: fn.description, parameters: fn.parameters },
            },
            variables: fn.variables,
            returnType: fn.returnType,
          })),
        ),
      )
      .onConflictDoNothing();
  });
}
