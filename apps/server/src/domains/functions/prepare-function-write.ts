import type { PrepareWrite } from '../../data-api/model-types';
import { checkFunction } from './check-function';

/** The data API's createFunction and updateFunction check the code like functions/create/ does. */
export const prepareFunctionWrite: PrepareWrite = (values, current) => {
  const extra: Record<string, unknown> = {};
  if (!current && !values.fileName && typeof values.name === 'string') extra.fileName = `${values.name}.mjs`;
  if (current && !('code' in values) && !('functionAssistantDefinition' in values)) return extra;
  const code = ('code' in values ? values.code : current?.code) as string | null | undefined;
  const definition = 'functionAssistantDefinition' in values ? values.functionAssistantDefinition : current?.functionAssistantDefinition;
  return { ...extra, ...checkFunction(code, definition) };
};
