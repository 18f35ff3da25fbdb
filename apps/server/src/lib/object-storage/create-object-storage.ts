import type { Logger } from 'pino';
import type { Env } from '../../env';
import { LocalObjectStorage } from './local-object-storage';
import { createObjectLinkSigner } from './object-links';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

/** The process's object storage: the bucket when S3_BUCKET is set, DATA_DIR otherwise (the embedded default). */
export function createObjectStorage(env: Env, logger: Logger): ObjectStorage {
  if (!env.S3_BUCKET) {
    return new LocalObjectStorage({ root: env.dataDir, links: createObjectLinkSigner(env.JWT_SECRET), baseUrl: env.PUBLIC_URL });
  }
  return new S3ObjectStorage(
    {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
    },
    logger.child({ component: 'object-storage' }),
  );
}
