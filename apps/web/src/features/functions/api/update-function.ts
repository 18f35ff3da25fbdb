import type { FunctionItem } from '@aisle/contracts/functions';
import type { DataClient } from '@/lib/graphql-client';
import { FUNCTION_FIELDS } from './get-function';

/** What the editor saves; the AWSJSON fields go as JSON text, as the data API expects. */
export interface FunctionChanges {
  name: string;
  description: string;
  code: string;
  /** null clears the definition. */
  functionAssistantDefinition: Record<string, unknown> | null;
  variables: string[];
  returnType: string;
}

const UPDATE_FUNCTION = `mutation UpdateFunction($input: UpdateFunctionInput!) { updateFunction(input: $input) { ${FUNCTION_FIELDS} } }`;

/** The server checks the code again and answers the new status, log and third-party services. */
export async function updateFunction(client: DataClient, id: string, changes: FunctionChanges): Promise<FunctionItem> {
  const input = {
    id,
    ...changes,
    functionAssistantDefinition: changes.functionAssistantDefinition ? JSON.stringify(changes.functionAssistantDefinition) : null,
    variables: JSON.stringify(changes.variables),
  };
  const data = await client.request<{ updateFunction: FunctionItem }>(UPDATE_FUNCTION, { input });
  return data.updateFunction;
}
