import { z } from 'zod';
import { currencyCodeSchema } from './products';

/**
 * Knowledge stores and their files (spec §3 Store, File; §7 Store, Files): the REST shapes shared
 * by the server's validation and the Store screen. Uploads follow object storage's shape: ask for
 * signed upload URLs, PUT the bytes there, then say the upload is finished.
 */

export const STORE_NAME_MAX_LENGTH = 200;
/** Longest file name kept: a longer one is accepted and kept shortened (`shortenFileName`). */
export const FILE_NAME_MAX_LENGTH = 255;
/** Longest file name an upload may send: far above any file system's; it only stops a megabyte-long field. */
export const UPLOAD_FILE_NAME_MAX_LENGTH = 4096;
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

/** How much of a long name's end `shortenFileName` keeps besides the extension ("…v2 final"). */
const KEPT_NAME_END = 24;

/** Cuts `text` to `length` UTF-16 units without splitting a surrogate pair (an emoji, say). */
const sliceStart = (text: string, length: number) => {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
};
const sliceEnd = (text: string, length: number) => {
  const cut = length > 0 ? text.slice(-length) : '';
  return /^[\uDC00-\uDFFF]/.test(cut) ? cut.slice(1) : cut;
};

/**
 * A file name that fits FILE_NAME_MAX_LENGTH, for names that do not: its start and its end around
 * an ellipsis, extension kept ("Spring catalogue - tents, sleeping…camp kitchens - final.md"), so
 * the list still tells versions apart and shows each file's type. Names that fit are returned as
 * they are.
 */
export function shortenFileName(name: string, max: number = FILE_NAME_MAX_LENGTH): string {
  if (name.length <= max) return name;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - extension.length);
  const end = sliceEnd(stem, Math.min(KEPT_NAME_END, Math.floor(max / 4))).trimStart();
  const start = sliceStart(stem, max - 1 - end.length - extension.length).trimEnd();
  return `${start}…${end}${extension}`;
}

/** Said after each refusal of one file, so the merchant knows what to do about it. */
const RENAME_AND_RETRY = 'Rename the file and upload it again.';

/**
 * Why a file cannot be taken by this name, or null. A name is a label only: it never becomes a
 * path, but control characters and separators are refused.
 */
export function fileNameProblem(name: string): string | null {
  if (!name) return `The file has no name. ${RENAME_AND_RETRY}`;
  if (name.length > UPLOAD_FILE_NAME_MAX_LENGTH)
    return `Its name is longer than ${UPLOAD_FILE_NAME_MAX_LENGTH} characters. ${RENAME_AND_RETRY}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f/\\]/.test(name)) return `File names may not contain slashes or control characters. ${RENAME_AND_RETRY}`;
  if (name === '.' || name === '..') return `“${name}” is not a file name. ${RENAME_AND_RETRY}`;
  return null;
}

/**
 * How a refusal of one file of a batch reads: `<its name, shortened>: <why and what to do>`. The
 * upload box matches the name to mark that file alone as failed and sends the rest again.
 */
export const fileRefusal = (fileName: string, problem: string) => `${shortenFileName(fileName)}: ${problem}`;

/**
 * Names are not checked here but by the server, file by file (`fileNameProblem`, `fileRefusal`):
 * one refused name never fails the rest of the batch with a field error, and names longer than
 * FILE_NAME_MAX_LENGTH are accepted and kept shortened.
 */
export const uploadBatchRequestSchema = z.object({
  storeId: uuid,
  files: z
    .array(
      z.object({
        fileName: z.string().trim(),
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

/** One of the owner's files to download (files/download/). */
export const downloadFileRequestSchema = z.object({ storeId: uuid, fileId: uuid });
export type DownloadFileRequest = z.infer<typeof downloadFileRequestSchema>;

/**
 * A short-lived link that downloads the file under its own name with no sign-in: the bucket's
 * presigned URL when files are kept in one, else the server's own signed link.
 */
export const downloadFileResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadFileResponse = z.infer<typeof downloadFileResponseSchema>;

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
