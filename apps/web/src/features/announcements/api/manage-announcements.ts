import { useMutation } from '@tanstack/react-query';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import type { DataClient } from '@/lib/graphql-client';

const CREATE = `mutation CreateAnnouncement($input: CreateAnnouncementInput!) { createAnnouncement(input: $input) { id message createdAt } }`;
const DELETE = `mutation DeleteAnnouncement($input: DeleteAnnouncementInput!) { deleteAnnouncement(input: $input) { id } }`;

/**
 * Staff write and withdraw announcements through the data API (staff-only mutations); every
 * signed-in user's banner follows by the announcement subscriptions, so nothing is cached here.
 */
export function usePublishAnnouncement() {
  const { client } = useAppSync();
  return useMutation({
    mutationFn: (message: string) => (client as DataClient).request(CREATE, { input: { message } }),
  });
}

export function useDeleteAnnouncement() {
  const { client } = useAppSync();
  return useMutation({
    mutationFn: (id: string) => (client as DataClient).request(DELETE, { input: { id } }),
  });
}
