import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import type { Logger } from 'pino';
import { loadOnUse } from '../load-on-use';
import {
  attachmentDisposition,
  checkObjectKey,
  ObjectNotFoundError,
  type ObjectStorage,
  ObjectTooLargeError,
  StorageUnavailableError,
  type StoredObject,
} from './object-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (instance roles, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3 caps a presigned URL at seven days. */
const PRESIGN_MAX_SECONDS = 7 * 86_400;

/** The AWS SDK, loaded when a bucket is configured (S3_BUCKET): local storage never needs it. */
const s3Sdk = loadOnUse<typeof S3>('@aws-sdk/client-s3');
const presigner = loadOnUse<typeof S3Presigner>('@aws-sdk/s3-request-presigner');

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, R2…) through the official AWS SDK v3.
 * Uploads are plain PutObject calls with the whole body (a Buffer): no streamed `aws-chunked`
 * framing, which some S3-compatible servers store as part of the object. Every failure other than
 * a missing object becomes StorageUnavailableError (a 503 for users), logged here without
 * credentials.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 'bucket' as const;
  private readonly client: S3.S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly logger: Logger,
  ) {
    this.bucket = settings.bucket;
    this.client = new (s3Sdk().S3Client)({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 requires them (DeleteObjects): the SDK's default adds a CRC32 of an
      // empty body to presigned PUT URLs, which then refuse the real bytes, and S3-compatible servers
      // vary in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable bucket fails a request in seconds, not after the OS's TCP timeout.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      maxAttempts: 3,
    });
  }

  async put(key: string, bytes: Buffer, options: { contentType?: string } = {}): Promise<void> {
    await this.call('put', key, () =>
      this.client.send(
        new (s3Sdk().PutObjectCommand)({ Bucket: this.bucket, Key: checkObjectKey(key), Body: bytes, ContentType: options.contentType }),
      ),
    );
  }

  /** Gathered into one Buffer first (at most `maxBytes`, the upload limit): see the class comment. */
  async putStream(key: string, body: Readable, options: { maxBytes: number; contentType?: string }) {
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) throw new ObjectTooLargeError();
      hash.update(chunk);
      chunks.push(chunk);
    }
    await this.put(key, Buffer.concat(chunks, size), { contentType: options.contentType });
    return { size, sha256: hash.digest('hex') };
  }

  async read(key: string): Promise<Buffer> {
    const stored = await this.open(key);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stored.body as AsyncIterable<Buffer>) chunks.push(chunk);
    } catch (error) {
      throw this.unavailable('read', key, error);
    }
    return Buffer.concat(chunks);
  }

  async open(key: string): Promise<StoredObject> {
    const answer = await this.call('get', key, () =>
      this.client.send(new (s3Sdk().GetObjectCommand)({ Bucket: this.bucket, Key: checkObjectKey(key) })),
    );
    return {
      body: answer.Body as Readable,
      size: answer.ContentLength ?? 0,
      contentType: answer.ContentType,
      etag: answer.ETag,
      lastModified: answer.LastModified,
    };
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const answer = await this.call('head', key, () =>
        this.client.send(new (s3Sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: checkObjectKey(key) })),
      );
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.call('delete', key, () =>
      this.client.send(new (s3Sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key: checkObjectKey(key) })),
    );
  }

  async removePrefix(prefix: string): Promise<void> {
    const folder = `${checkObjectKey(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.call('list', folder, () =>
        this.client.send(new (s3Sdk().ListObjectsV2Command)({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token })),
      );
      const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
      // A page holds at most 1000 keys, as many as one DeleteObjects call takes.
      if (keys.length)
        await this.call('delete-many', folder, () =>
          this.client.send(new (s3Sdk().DeleteObjectsCommand)({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } })),
        );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presignedPut(key: string, options: { expiresAt: Date; contentType: string; contentLength: number }): Promise<string> {
    // The length is signed: S3 refuses a body of any other size at the PUT itself.
    const command = new (s3Sdk().PutObjectCommand)({
      Bucket: this.bucket,
      Key: checkObjectKey(key),
      ContentType: options.contentType,
      ContentLength: options.contentLength,
    });
    return presigner().getSignedUrl(this.client, command, signing(options.expiresAt));
  }

  async presignedGet(key: string, options: { expiresAt: Date; fileName: string; contentType?: string }): Promise<string> {
    const command = new (s3Sdk().GetObjectCommand)({
      Bucket: this.bucket,
      Key: checkObjectKey(key),
      ResponseContentDisposition: attachmentDisposition(options.fileName),
      ResponseContentType: options.contentType || undefined,
      ResponseCacheControl: 'private, no-store',
    });
    return presigner().getSignedUrl(this.client, command, signing(options.expiresAt));
  }

  /** Runs one S3 call: a missing object is ObjectNotFoundError, any other failure a logged 503. */
  private async call<T>(operation: string, key: string, send: () => Promise<T>): Promise<T> {
    // Checked before the call: a key of the wrong shape is our own bug, not an unavailable bucket.
    checkObjectKey(key.replace(/\/$/, ''));
    try {
      return await send();
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw this.unavailable(operation, key, error);
    }
  }

  private unavailable(operation: string, key: string, error: unknown): StorageUnavailableError {
    // The SDK's error, its name, status and request id only: never the request, its headers or credentials.
    const s3 = error instanceof s3Sdk().S3ServiceException ? error : undefined;
    this.logger.error(
      {
        operation,
        key,
        bucket: this.bucket,
        error: {
          name: (error as Error)?.name,
          message: String((error as Error)?.message ?? error).slice(0, 300),
          status: s3?.$metadata.httpStatusCode,
          requestId: s3?.$metadata.requestId,
          code: (error as { code?: string })?.code,
        },
      },
      'object storage failed',
    );
    return new StorageUnavailableError(error);
  }

  close() {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return (
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    (error instanceof s3Sdk().S3ServiceException && error.$metadata.httpStatusCode === 404 && name !== 'NoSuchBucket')
  );
}

/**
 * Signed so the URL stops working at `expiresAt` (at most seven days on): a URL whose time is
 * already up is signed a second before it, so it is refused like any expired one.
 */
function signing(expiresAt: Date): { expiresIn: number; signingDate?: Date } {
  const seconds = Math.ceil((expiresAt.getTime() - Date.now()) / 1000);
  if (seconds < 1) return { expiresIn: 1, signingDate: new Date(expiresAt.getTime() - 1000) };
  return { expiresIn: Math.min(PRESIGN_MAX_SECONDS, seconds) };
}
