import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/account-flows';
import { multipartBody, tinyPng } from '../../testing/images';
import { startS3Server, type TestS3Server } from '../../testing/s3-server';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';
import { createExportsContext, eraseOwnerExports, saveExport } from '../exports';

/**
 * Avatars and exports with S3_BUCKET set, against s3rver on loopback: an avatar keeps its public
 * URL on our origin (the server streams it from the private bucket), an export's link is the
 * bucket's presigned URL. Nothing is written under DATA_DIR.
 */
describe('avatars and exports in an S3 bucket', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(s3.env);
    user = await createVerifiedUser(t, { email: 'pic@shop.com' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const uploadAvatar = async (png: Buffer) => {
    const body = multipartBody('avatar', 'me.png', 'image/png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/upload-avatar-url/',
      headers: { ...body.headers, ...bearer(user.access) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return new URL(res.json().user_avatar_url as string).pathname;
  };

  it('serves an uploaded avatar at /media/avatars/ from the bucket, and deletes it once replaced', async () => {
    const first = tinyPng(2);
    const firstPath = await uploadAvatar(first);
    expect(firstPath).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject(firstPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload).toEqual(first);
    // A browser that has it revalidates without the bytes.
    const again = await t.app.inject({ url: firstPath, headers: { 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    const secondPath = await uploadAvatar(tinyPng(3));
    expect((await t.app.inject(secondPath)).statusCode).toBe(200);
    expect((await t.app.inject(firstPath)).statusCode).toBe(404);
    expect(await t.services.storage.head(firstPath.slice(1))).toBeNull();
    // Only our own upload names are looked up.
    expect((await t.app.inject('/media/avatars/..%2F..%2Fjwt-secret')).statusCode).toBe(404);
    expect(existsSync(path.join(t.services.env.dataDir, 'media', 'avatars'))).toBe(false);
  });

  it('links an export to the bucket under its name, and erases it from there', async () => {
    const ctx = createExportsContext(t.services);
    const bytes = Buffer.from('{"orders": []}');
    const saved = await saveExport(ctx, {
      ownerEmail: user.email,
      kind: 'test-export',
      fileName: 'ข้อมูลลูกค้า.json',
      contentType: 'application/json',
      bytes,
    });
    expect(saved.url.startsWith(`${s3.endpoint}/${s3.bucket}/exports/${saved.id}?`)).toBe(true);
    const download = await fetch(saved.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('ข้อมูลลูกค้า.json')}`);

    expect(await eraseOwnerExports(ctx, user.email)).toBe(1);
    expect(await t.services.storage.head(`exports/${saved.id}`)).toBeNull();
    expect(existsSync(path.join(t.services.env.dataDir, 'exports'))).toBe(false);
  });
});
