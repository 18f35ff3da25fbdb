import { graphql } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';

/** The most threads the navigation counts as waiting for a person; more reads "99+". */
export const NEEDS_PERSON_COUNT_MAX = 99;

const WAITING = graphql(`query ThreadsNeedingPerson($filter: ModelSharedThreadFilterInput, $limit: Int) {
  listSharedThreads(filter: $filter, limit: $limit) { items { id } }
}`);

/** The ids of the owner's threads waiting for a person (up to one more than the navigation shows). */
export async function listThreadsNeedingPerson(client: DataClient): Promise<string[]> {
  const data = await client.request(WAITING, {
    filter: { needsHuman: { eq: true } },
    limit: NEEDS_PERSON_COUNT_MAX + 1,
  });
  return required(data.listSharedThreads, 'listSharedThreads').items.flatMap((item) => (item ? [item.id] : []));
}
