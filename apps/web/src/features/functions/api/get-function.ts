import type { FunctionItem } from '@aisle/contracts/functions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { graphql, type ResultOf } from '@/graphql/graphql';
import type { DataClient } from '@/lib/graphql-client';

/** Every field of a function: the start-up collection leaves out `code`, which the editor needs. */
export const FunctionFields = graphql(`
  fragment FunctionFields on Function {
    id ownerEmail createdAt updatedAt status log name fileName code description thirdPartyServices isViolatingRules violatingBecause functionAssistantDefinition variables returnType
  }
`);

/** A function as the app keeps it: the server stores a verdict (false by default) and a list without gaps. */
export function toFunctionItem(raw: ResultOf<typeof FunctionFields>): FunctionItem {
  return {
    ...raw,
    thirdPartyServices: raw.thirdPartyServices
      ? raw.thirdPartyServices.filter((service): service is string => service != null)
      : raw.thirdPartyServices,
    isViolatingRules: raw.isViolatingRules ?? false,
  };
}

const GET_FUNCTION = graphql(`query GetFunction($id: ID!) { getFunction(id: $id) { ...FunctionFields } }`, [FunctionFields]);

export async function getFunction(client: DataClient, id: string): Promise<FunctionItem | null> {
  const data = await client.request(GET_FUNCTION, { id });
  return data.getFunction && toFunctionItem(data.getFunction);
}

export const functionQueryKey = (id: string) => ['functions', 'detail', id] as const;

export const functionQueryOptions = (client: DataClient | null, id: string) =>
  queryOptions({
    queryKey: functionQueryKey(id),
    queryFn: () => getFunction(client as DataClient, id),
    enabled: !!client,
    // The editor owns the text once loaded; refetching under it would fight the owner's typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** One function with its code. */
export function useFunction(id: string) {
  const { client } = useAppSync();
  return useQuery(functionQueryOptions(client, id));
}
