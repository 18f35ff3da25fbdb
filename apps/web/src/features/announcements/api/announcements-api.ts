import type { DataClient } from '@/lib/graphql-client';

/** An announcement as the start-up collection holds it (spec §3 Announcement). */
export interface AnnouncementItem {
  id: string;
  createdAt: string;
  updatedAt: string;
  ownerEmail: string | null;
  message: string;
}

// The same fields as the start-up collection (app/startup-data/collections.ts), so a mutation's
// answer can go straight into it.
const fields = 'id createdAt updatedAt ownerEmail message';

const CREATE = `mutation CreateAnnouncement($input: CreateAnnouncementInput!) { createAnnouncement(input: $input) { ${fields} } }`;
const UPDATE = `mutation UpdateAnnouncement($input: UpdateAnnouncementInput!) { updateAnnouncement(input: $input) { ${fields} } }`;
const DELETE = `mutation DeleteAnnouncement($input: DeleteAnnouncementInput!) { deleteAnnouncement(input: $input) { id } }`;

/** Staff only: the server refuses these to other users. */
export const createAnnouncement = async (client: DataClient, message: string) =>
  (await client.request<{ createAnnouncement: AnnouncementItem }>(CREATE, { input: { message } })).createAnnouncement;

export const updateAnnouncement = async (client: DataClient, id: string, message: string) =>
  (await client.request<{ updateAnnouncement: AnnouncementItem }>(UPDATE, { input: { id, message } })).updateAnnouncement;

export const deleteAnnouncement = async (client: DataClient, id: string) =>
  (await client.request<{ deleteAnnouncement: { id: string } }>(DELETE, { input: { id } })).deleteAnnouncement;

/** Newest first, as staff and the banner read them. */
export const newestFirst = (items: readonly AnnouncementItem[]) => [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
