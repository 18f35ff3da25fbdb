import { type FileStatus, fileStatuses } from '@aisle/contracts/knowledge';
import { graphql, type ResultOf } from '@/graphql/graphql';

/** The fields of a store's file the list reads and its live events carry. */
export const StoreFileFields = graphql(`
  fragment StoreFileFields on File { id ownerEmail fileName size storeID contentType status statusReason progress passageCount createdAt updatedAt }
`);

type RawStoreFile = ResultOf<typeof StoreFileFields>;

/** A file of a store as the data API's `File` model serves it, live. */
export type StoreFile = Omit<RawStoreFile, 'status'> & { status: FileStatus | null };

const isFileStatus = (value: string | null): value is FileStatus => (fileStatuses as readonly (string | null)[]).includes(value);

/** The server writes only the known statuses; anything else reads as none. */
export const toStoreFile = (raw: RawStoreFile): StoreFile => ({ ...raw, status: isFileStatus(raw.status) ? raw.status : null });
