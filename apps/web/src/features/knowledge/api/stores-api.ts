import type { FinishUploadResponse, SearchResponse, Store, UploadBatchRequest, UploadBatchResponse } from '@aisle/contracts/knowledge';
import { SEARCH_K_DEFAULT } from '@aisle/contracts/knowledge';
import { apiRequest } from '@/lib/api-client';
import type { DataClient } from '@/lib/graphql-client';

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

export const searchStores = (token: Token, storeIds: string[], query: string, signal?: AbortSignal) =>
  apiRequest<SearchResponse>('/api/store/search/', { body: { storeIds, query, k: SEARCH_K_DEFAULT }, token, signal });

export const storeFields = 'id createdAt updatedAt ownerEmail name totalSize status fileCount retrievalMode';

const RENAME_STORE = `mutation RenameStore($input: UpdateStoreInput!) { updateStore(input: $input) { ${storeFields} } }`;

export async function renameStore(client: DataClient, id: string, name: string): Promise<Store> {
  const data = await client.request<{ updateStore: Store }>(RENAME_STORE, { input: { id, name } });
  return data.updateStore;
}
