import {
  type DownloadFileResponse,
  type FinishUploadResponse,
  type RetrievalMode,
  retrievalModes,
  SEARCH_K_DEFAULT,
  type SearchResponse,
  type Store,
  type StoreStatus,
  storeStatuses,
  type UploadBatchRequest,
  type UploadBatchResponse,
} from '@aisle/contracts/knowledge';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { apiRequest } from '@/lib/api-client';
import { type DataClient, required } from '@/lib/graphql-client';

/** The store and file calls of spec §7 (REST), plus the rename, which is a data-API mutation. */
type Token = string | null;

export const createStore = (token: Token, name: string) => apiRequest<Store>('/api/store/create/', { body: { name }, token });

export const deleteStore = (token: Token, id: string) => apiRequest<null>('/api/store/delete/', { body: { id }, token });

export const requestUploads = (token: Token, storeId: string, files: UploadBatchRequest['files']) =>
  apiRequest<UploadBatchResponse>('/api/files/upload-batch/', { body: { storeId, files }, token });

export const finishUploads = (token: Token, storeId: string, fileIds: string[]) =>
  apiRequest<FinishUploadResponse>('/api/files/finish-upload/', { body: { storeId, fileIds }, token });

export const deleteFiles = (token: Token, storeId: string, fileIds: string[]) =>
  apiRequest<{ deleted: string[] }>('/api/files/delete-files/', { body: { storeId, fileIds }, token });

/** A short-lived link that downloads one of the owner's files under its own name (the bucket's, or the server's). */
export const downloadFile = (token: Token, storeId: string, fileId: string) =>
  apiRequest<DownloadFileResponse>('/api/files/download/', { body: { storeId, fileId }, token });

export const searchStores = (token: Token, storeIds: string[], query: string, signal?: AbortSignal) =>
  apiRequest<SearchResponse>('/api/store/search/', { body: { storeIds, query, k: SEARCH_K_DEFAULT }, token, signal });

const StoreFields = graphql(`
  fragment StoreFields on Store { id createdAt updatedAt ownerEmail name totalSize status fileCount retrievalMode }
`);

const RENAME_STORE = graphql(`mutation RenameStore($input: UpdateStoreInput!) { updateStore(input: $input) { ...StoreFields } }`, [
  StoreFields,
]);

const oneOf = <T extends string>(values: readonly T[], value: string | null, otherwise: T): T =>
  values.includes(value as T) ? (value as T) : otherwise;

/** A store as the app keeps it: the server always stores its size, count, status and mode (these defaults otherwise). */
function toStore(raw: ResultOf<typeof StoreFields>): Store {
  return {
    ...raw,
    totalSize: raw.totalSize ?? 0,
    fileCount: raw.fileCount ?? 0,
    status: oneOf<StoreStatus>(storeStatuses, raw.status, 'empty'),
    retrievalMode: oneOf<RetrievalMode>(retrievalModes, raw.retrievalMode, 'lexical'),
  };
}

export async function renameStore(client: DataClient, id: string, name: string): Promise<Store> {
  const data = await client.request(RENAME_STORE, { input: { id, name } });
  return toStore(required(data.updateStore, 'updateStore'));
}
