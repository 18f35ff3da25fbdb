import { useQuery } from '@tanstack/react-query';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { loadTemplateFunctions, templateFunctionsQueryKey } from '../api/template-functions-api';

/** The functions of the given templates, by template id. Seeded by the server; they rarely change. */
export function useTemplateFunctions(templateIds: readonly string[]) {
  const { client } = useAppSync();
  return useQuery({
    queryKey: templateFunctionsQueryKey(templateIds),
    queryFn: () => {
      if (!client) throw new Error('Not connected yet.');
      return loadTemplateFunctions(client, templateIds);
    },
    enabled: !!client && templateIds.length > 0,
    staleTime: 5 * 60_000,
  });
}
