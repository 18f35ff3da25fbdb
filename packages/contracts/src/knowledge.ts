import { z } from 'zod';
import { currencyCodeSchema } from './products';

/**
 * Knowledge stores and their files (spec §3 Store, File; §7 Store, Files): the REST shapes shared
 * by the server's validation and the Store screen. Uploads follow object storage's shape: ask for
 * signed upload URLs, PUT the bytes there, then say the upload is finished.
 */

export const STORE_NAME_MAX_LENGTH = 200;
export const FILE_NAME_MAX_LENGTH = 255;
/** Files per upload-batch, finish-upload or delete-files call. */
export const FILES_PER_CALL_MAX = 100;
export const SEARCH_QUERY_MAX_LENGTH = 1000;
export const SEARCH_K_MAX = 50;
export const SEARCH_K_DEFAULT = 8;
export const SEARCH_STORES_MAX = 20;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const uuid = z.uuid('Must be a valid UUID.');

/** Where a file is on its way to being searchable. */
export const fileStatuses = ['uploading', 'queued', 'processing', 'ready', 'failed'] as const;
export type FileStatus = (typeof fileStatuses)[number];

/** A store's overall state, derived from its files (see the Store model's `status`). */
export const storeStatuses = ['empty', 'indexing', 'ready', 'attention'] as const;
export type StoreStatus = (typeof storeStatuses)[number];

/** How a store is searched: lexical only until an embedding model is configured. */
export const retrievalModes = ['lexical', 'hybrid'] as const;
export type RetrievalMode = (typeof retrievalModes)[number];

/** Declared content types the ingestion accepts, by format. */
export const acceptedContentTypes = {
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  html: ['text/html', 'application/xhtml+xml'],
  markdown: ['text/markdown', 'text/x-markdown'],
  text: ['text/plain'],
  csv: ['text/csv', 'application/csv', 'application/vnd.ms-excel'],
  json: ['application/json'],
} as const;
export type DocumentFormat = keyof typeof acceptedContentTypes;

/** The extensions the upload box offers, for the file picker's `accept`. */
export const acceptedExtensions = ['.pdf', '.docx', '.html', '.htm', '.md', '.markdown', '.txt', '.csv', '.json'] as const;

export const storeNameSchema = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(STORE_NAME_MAX_LENGTH, tooLong(STORE_NAME_MAX_LENGTH));

/**
 * The Store as a client may write it (REST store/create/, the data API's createStore and updateStore).
 * `currency` (ISO 4217, default USD) prices the products of its files whose prices name none.
 */
export const storeEntitySchema = z.object({ name: storeNameSchema, currency: currencyCodeSchema.optional() });

export const createStoreRequestSchema = storeEntitySchema;
export type CreateStoreRequest = z.infer<typeof createStoreRequestSchema>;

export const storeIdRequestSchema = z.object({ id: uuid });
export type StoreIdRequest = z.infer<typeof storeIdRequestSchema>;

export const storeSchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  name: z.string(),
  totalSize: z.number(),
  fileCount: z.number(),
  status: z.enum(storeStatuses),
  retrievalMode: z.enum(retrievalModes),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

/** A file name as a label only: it never becomes a path, but control characters and separators are refused. */
export const fileNameSchema = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(FILE_NAME_MAX_LENGTH, tooLong(FILE_NAME_MAX_LENGTH))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((name) => !/[\u0000-\u001f\u007f/\\]/.test(name), 'File names may not contain slashes or control characters.')
  .refine((name) => name !== '.' && name !== '..', 'Enter a valid file name.');

export const uploadBatchRequestSchema = z.object({
  storeId: uuid,
  files: z
    .array(
      z.object({
        fileName: fileNameSchema,
        size: z.number().int('Must be a whole number of bytes.').min(0),
        contentType: z.string().trim().max(200, tooLong(200)).default(''),
      }),
    )
    .min(1, 'Add at least one file.')
    .max(FILES_PER_CALL_MAX, `At most ${FILES_PER_CALL_MAX} files per call.`),
});
export type UploadBatchRequest = z.infer<typeof uploadBatchRequestSchema>;

export const uploadBatchResponseSchema = z.object({
  files: z.array(z.object({ fileId: z.string(), uploadUrl: z.string(), expiresAt: z.string() })),
});
export type UploadBatchResponse = z.infer<typeof uploadBatchResponseSchema>;

export const fileIdsRequestSchema = z.object({
  storeId: uuid,
  fileIds: z.array(uuid).min(1, 'Add at least one file.').max(FILES_PER_CALL_MAX, `At most ${FILES_PER_CALL_MAX} files per call.`),
});
export type FileIdsRequest = z.infer<typeof fileIdsRequestSchema>;

export const finishUploadResponseSchema = z.object({
  files: z.array(
    z.object({
      fileId: z.string(),
      status: z.enum([...fileStatuses, 'duplicate']),
      /** For a duplicate: the file in this store with the same content, which stays indexed once. */
      duplicateOf: z.string().optional(),
      statusReason: z.string().nullable().optional(),
    }),
  ),
});
export type FinishUploadResponse = z.infer<typeof finishUploadResponseSchema>;

export const deleteFilesResponseSchema = z.object({ deleted: z.array(z.string()) });

export const searchRequestSchema = z.object({
  storeIds: z.array(uuid).min(1, 'Choose at least one store.').max(SEARCH_STORES_MAX, `At most ${SEARCH_STORES_MAX} stores per search.`),
  query: z.string().trim().min(1, 'This field may not be blank.').max(SEARCH_QUERY_MAX_LENGTH, tooLong(SEARCH_QUERY_MAX_LENGTH)),
  k: z.number().int().min(1).max(SEARCH_K_MAX).default(SEARCH_K_DEFAULT),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const searchResultSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  score: z.number(),
  text: z.string(),
  /** The passage's heading path, outermost first, joined with " › ". */
  heading: z.string(),
  /** The query's terms as they matched in this passage (stemmed forms resolved to the words shown), for highlighting. */
  matchedTerms: z.array(z.string()),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema), mode: z.enum(retrievalModes) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
