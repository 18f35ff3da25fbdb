import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MALFORMED_UPLOAD_MESSAGE } from '@aisle/contracts/avatars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/account-flows';
import { multipartBody, tinyPng } from '../../testing/images';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';

const MAX_BYTES = 4096;
const INVALID_IMAGE = { avatar: ['Upload a valid image. The file you uploaded was not a PNG, JPEG, WebP or GIF image.'] };

describe('avatar upload', () => {
  let t: TestApp;
  let user: TestUser;
  let avatarDir: string;
  const upload = (body: ReturnType<typeof multipartBody>, token = user.access) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/upload-avatar-url/',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
  const storedFiles = () => (existsSync(avatarDir) ? readdirSync(avatarDir) : []);
  /** The file behind an avatar URL of ours, fetched the way a browser would. */
  const fetchAvatar = (url: string) => t.app.inject(new URL(url).pathname);

  beforeAll(async () => {
    t = await createTestApp({ AVATAR_MAX_BYTES: String(MAX_BYTES) });
    user = await createVerifiedUser(t, { email: 'pic@shop.com' });
    avatarDir = path.join(t.services.env.dataDir, 'media', 'avatars');
  });
  afterAll(() => t.close());

  it('stores a PNG, makes it the avatar and serves it back at the returned URL', async () => {
    const png = tinyPng(4);
    const res = await upload(multipartBody('avatar', 'me.png', 'image/png', png));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, email: 'pic@shop.com' });
    expect(body.user_avatar_url).toMatch(/^http:\/\/aisle\.test\/media\/avatars\/[0-9a-f-]{36}\.png$/);

    const served = await fetchAvatar(body.user_avatar_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const me = await t.app.inject({ url: `/api/users/${user.id}/`, headers: bearer(user.access) });
    expect(me.json().user_avatar_url).toBe(body.user_avatar_url);
  });

  it('names the file after the real type, whatever the client claims, and accepts the "file" field', async () => {
    const res = await upload(multipartBody('file', 'holiday.gif', 'application/octet-stream', tinyPng(2)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user_avatar_url).toMatch(/\.png$/);
  });

  it('deletes the previous upload when the avatar changes', async () => {
    const first = (await upload(multipartBody('avatar', 'a.png', 'image/png', tinyPng(1)))).json().user_avatar_url;
    const firstFile = path.basename(new URL(first).pathname);
    expect(storedFiles()).toContain(firstFile);

    const second = (await upload(multipartBody('avatar', 'b.png', 'image/png', tinyPng(3)))).json().user_avatar_url;
    expect(storedFiles()).not.toContain(firstFile);
    expect((await fetchAvatar(first)).statusCode).toBe(404);
    expect((await fetchAvatar(second)).statusCode).toBe(200);

    // Switching to an outside URL removes the last upload as well.
    await t.app.inject({
      method: 'POST',
      url: '/api/users/update-avatar-url/',
      headers: bearer(user.access),
      payload: { avatar_url: 'https://cdn.example.com/x.png' },
    });
    expect(storedFiles()).not.toContain(path.basename(new URL(second).pathname));
  });

  it("never deletes another user's upload that someone pointed their avatar at", async () => {
    const owner = await createVerifiedUser(t);
    const copier = await createVerifiedUser(t);
    const ownerUrl = (await upload(multipartBody('avatar', 'o.png', 'image/png', tinyPng(2)), owner.access)).json().user_avatar_url;
    await t.app.inject({
      method: 'POST',
      url: '/api/users/update-avatar-url/',
      headers: bearer(copier.access),
      payload: { avatar_url: ownerUrl },
    });
    await upload(multipartBody('avatar', 'c.png', 'image/png', tinyPng(1)), copier.access);
    expect((await fetchAvatar(ownerUrl)).statusCode).toBe(200);
  });

  it('never deletes files outside the avatars folder named by a crafted avatar URL', async () => {
    const precious = path.join(t.services.env.dataDir, 'precious.png');
    writeFileSync(precious, tinyPng(1));
    const crafted = `${t.services.env.PUBLIC_URL}/media/avatars/../../precious.png`;
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-avatar-url/',
      headers: bearer(user.access),
      payload: { avatar_url: crafted },
    });
    expect(set.statusCode).toBe(200);
    await upload(multipartBody('avatar', 'd.png', 'image/png', tinyPng(1)));
    expect(existsSync(precious)).toBe(true);
  });

  it('refuses a text file dressed up as a PNG, and stores nothing', async () => {
    const before = storedFiles();
    const res = await upload(
      multipartBody('avatar', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script> not an image at all')),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_IMAGE);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses SVG, which could carry script when served from our origin', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(multipartBody('avatar', 'a.svg', 'image/svg+xml', svg));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_IMAGE);
  });

  it('refuses files over AVATAR_MAX_BYTES with 413 and a clear message', async () => {
    const big = Buffer.concat([tinyPng(1), Buffer.alloc(MAX_BYTES * 2)]);
    const before = storedFiles();
    const res = await upload(multipartBody('avatar', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The avatar image is too large: the limit is 4 KB.' });
    expect(storedFiles()).toEqual(before);
  });

  it('explains what is missing when no file or the wrong kind of body is sent', async () => {
    const otherField = await upload(multipartBody('picture', 'a.png', 'image/png', tinyPng(1)));
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json()).toEqual({ avatar: ['No file was submitted.'] });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/upload-avatar-url/',
      headers: bearer(user.access),
      payload: { avatar: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toMatch(/multipart\/form-data/);
  });

  it('answers 400 for a multipart body it cannot read, on both avatar uploads (the fuzz campaign found 500s)', async () => {
    const { payload, headers } = multipartBody('avatar', 'a.png', 'image/png', tinyPng(1));
    const malformed: [string, Buffer][] = [
      [headers['content-type'], payload.subarray(0, 60)],
      ['multipart/form-data', payload],
      ['multipart/form-data; boundary=other', payload],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, payload],
    ];
    const before = storedFiles();
    for (const url of ['/api/users/upload-avatar-url/', '/api/assistant/avatar/']) {
      for (const [contentType, body] of malformed) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(user.access), 'content-type': contentType },
          payload: body,
        });
        expect(res.statusCode, `${url} ${contentType}`).toBe(400);
        expect(res.json()).toEqual({ detail: MALFORMED_UPLOAD_MESSAGE });
      }
    }
    expect(storedFiles()).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const body = multipartBody('avatar', 'a.png', 'image/png', tinyPng(1));
    const res = await t.app.inject({ method: 'POST', url: '/api/users/upload-avatar-url/', headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Authentication credentials were not provided.');
  });

  it('keeps multipart bodies away from the JSON calls', async () => {
    const body = multipartBody('email', 'x.txt', 'text/plain', Buffer.from('x'));
    const res = await t.app.inject({ method: 'POST', url: '/api/users/create/', headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(415);
  });
});
