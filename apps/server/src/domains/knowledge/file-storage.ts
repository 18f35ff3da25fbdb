/**
 * Where a store's uploaded bytes live in object storage (lib/object-storage): `files/<storeId>/<fileId>`,
 * on disk `DATA_DIR/files/<storeId>/<fileId>` as before there was a bucket. Keys are built from our
 * own UUIDs only, never from a file's name, so no name can reach outside the folder.
 */
export const fileKey = (storeId: string, fileId: string) => `files/${storeId}/${fileId}`;

/** Every file of a store, removed with it. */
export const storeFilesPrefix = (storeId: string) => `files/${storeId}`;
