import type { FileStatus } from '@aisle/contracts/knowledge';

/** A file of a store as the data API's `File` model serves it, live. */
export interface StoreFile {
  id: string;
  ownerEmail: string | null;
  fileName: string | null;
  size: number | null;
  storeID: string;
  contentType: string | null;
  status: FileStatus | null;
  statusReason: string | null;
  progress: number | null;
  passageCount: number | null;
  createdAt: string;
  updatedAt: string;
}

export const storeFileFields =
  'id ownerEmail fileName size storeID contentType status statusReason progress passageCount createdAt updatedAt';
