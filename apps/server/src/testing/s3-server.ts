import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server on loopback (s3rver, objects in a temp folder) with one bucket, for
 * tests and benchmarks of the bucket storage. Its CORS rule lets a browser PUT and GET from any
 * origin, as docs/storage.md asks of a production bucket. `env` is what the server reads.
 */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the server at this bucket. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects (to show that nothing is written elsewhere). */
  directory: string;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3Server(bucket = 'aisle-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'aisle-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style only: virtual-host names (<bucket>.127.0.0.1) do not resolve on loopback.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
