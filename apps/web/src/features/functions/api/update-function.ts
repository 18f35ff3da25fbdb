import type { FunctionItem } from '@aisle/contracts/functions';
import { graphql } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';
import { FunctionFields, toFunctionItem } from './get-function';

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

const UPDATE_FUNCTION = graphql(
  `mutation UpdateFunction($input: UpdateFunctionInput!) { updateFunction(input: $input) { ...FunctionFields } }`,
  [FunctionFields],
);

/** The server checks the code again and answers the new status, log and third-party services. */
export async function updateFunction(client: DataClient, id: string, changes: FunctionChanges): Promise<FunctionItem> {
  const input = {
    id,
    ...changes,
    functionAssistantDefinition: changes.functionAssistantDefinition ? JSON.stringify(changes.functionAssistantDefinition) : null,
    variables: JSON.stringify(changes.variables),
  };
  const data = await client.request(UPDATE_FUNCTION, { input });
  return toFunctionItem(required(data.updateFunction, 'updateFunction'));
}
