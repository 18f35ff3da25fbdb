import { AnnouncementCollectionFields } from '@/app/startup-data/collections';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';

/**
 * An announcement as the start-up collection holds it (spec §3 Announcement). The mutations answer
 * the collection's fields, so an answer can go straight into it.
 */
export type AnnouncementItem = ResultOf<typeof AnnouncementCollectionFields>;

const CREATE = graphql(
  `mutation CreateAnnouncement($input: CreateAnnouncementInput!) { createAnnouncement(input: $input) { ...AnnouncementCollectionFields } }`,
  [AnnouncementCollectionFields],
);
const UPDATE = graphql(
  `mutation UpdateAnnouncement($input: UpdateAnnouncementInput!) { updateAnnouncement(input: $input) { ...AnnouncementCollectionFields } }`,
  [AnnouncementCollectionFields],
);
const DELETE = graphql(`mutation DeleteAnnouncement($input: DeleteAnnouncementInput!) { deleteAnnouncement(input: $input) { id } }`);

/** Staff only: the server refuses these to other users. */
export const createAnnouncement = async (client: DataClient, message: string): Promise<AnnouncementItem> =>
  required((await client.request(CREATE, { input: { message } })).createAnnouncement, 'createAnnouncement');

export const updateAnnouncement = async (client: DataClient, id: string, message: string): Promise<AnnouncementItem> =>
  required((await client.request(UPDATE, { input: { id, message } })).updateAnnouncement, 'updateAnnouncement');

export const deleteAnnouncement = async (client: DataClient, id: string): Promise<{ id: string }> =>
  required((await client.request(DELETE, { input: { id } })).deleteAnnouncement, 'deleteAnnouncement');

/** Newest first, as staff and the banner read them. */
export const newestFirst = (items: readonly AnnouncementItem[]) => [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
