import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../../db/schema';
import { createAssistant, recordEvents } from '../../testing/assistants';
import { type TestViewer, viewerToken } from '../../testing/graphql-client';
import { multipartBody, tinyPng } from '../../testing/images';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

const MAX_BYTES = 4096;
const INVALID_IMAGE = { avatar: ['Upload a valid image. The file you uploaded was not a PNG, JPEG, WebP or GIF image.'] };
const UPLOADED_URL = /^http:\/\/aisle\.test\/media\/avatars\/[0-9a-f-]{36}\.png$/;

describe('assistant avatar upload', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  let avatarDir: string;

  const upload = (viewer: TestViewer | null, fields: Record<string, string>, file = tinyPng(2), fileField = 'avatar') => {
    const body = multipartBody(fileField, 'bot.png', 'image/png', file, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/assistant/avatar/',
      headers: { ...body.headers, ...(viewer ? { authorization: `Bearer ${viewer.access}` } : {}) },
      payload: body.payload,
    });
  };
  const storedFiles = () => (existsSync(avatarDir) ? readdirSync(avatarDir) : []);
  /** The file behind an avatar URL of ours, fetched the way a browser would. */
  const fetchAvatar = (url: string) => t.app.inject(new URL(url).pathname);
  const row = async (id: string) => (await t.services.db.select().from(assistants).where(eq(assistants.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp({ AVATAR_MAX_BYTES: String(MAX_BYTES) });
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
    avatarDir = path.join(t.services.env.dataDir, 'media', 'avatars');
  });
  afterAll(() => t.close());

  it('makes an uploaded PNG the assistant’s picture, serves it back and answers as assistant/edit does', async () => {
    const assistantId = await createAssistant(t, alice, { userAvatarUrl: 'https://cdn.shop.test/visitor.png' });
    const png = tinyPng(4);
    const res = await upload(alice, { assistantId }, png);
    expect(res.statusCode, res.body).toBe(200);
    const assistant = res.json();
    expect(assistant).toMatchObject({ id: assistantId, ownerEmail: alice.email, userAvatarUrl: 'https://cdn.shop.test/visitor.png' });
    expect(assistant.assistantAvatarUrl).toMatch(UPLOADED_URL);
    expect((await row(assistantId))?.assistantAvatarUrl).toBe(assistant.assistantAvatarUrl);

    const served = await fetchAvatar(assistant.assistantAvatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    // The form sends the uploaded URL back with the next save: the edit contract accepts it.
    const edit = await post(t, alice, '/api/assistant/edit/', {
      id: assistantId,
      assistantName: 'Renamed',
      assistantAvatarUrl: assistant.assistantAvatarUrl,
      userAvatarUrl: assistant.userAvatarUrl,
    });
    expect(edit.status).toBe(200);
    expect(Object.keys(edit.body ?? {}).sort()).toEqual(Object.keys(assistant).sort());
    expect(edit.body?.assistantAvatarUrl).toBe(assistant.assistantAvatarUrl);
  });

  it('sets the visitors’ picture for kind "user", takes the "file" field and names the file after the real type', async () => {
    const assistantId = await createAssistant(t, alice, { assistantAvatarUrl: 'https://cdn.shop.test/bot.png' });
    const res = await upload(alice, { assistantId, kind: 'user' }, tinyPng(3), 'file');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userAvatarUrl).toMatch(UPLOADED_URL);
    expect(res.json().assistantAvatarUrl).toBe('https://cdn.shop.test/bot.png');
  });

  it('reads the fields whether they come before or after the file', async () => {
    const assistantId = await createAssistant(t, alice);
    const boundary = 'aisle-fields-last';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      tinyPng(2),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="assistantId"\r\n\r\n${assistantId}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nuser\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/assistant/avatar/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${alice.access}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userAvatarUrl).toMatch(UPLOADED_URL);
  });

  it('tells live screens, like an edit', async () => {
    const assistantId = await createAssistant(t, alice);
    const recorder = await recordEvents(t, ['Assistant']);
    try {
      const url = (await upload(alice, { assistantId })).json().assistantAvatarUrl;
      // Only the edit counts: the assistant's own `create` may still be on its way through Redis.
      const updates = () => recorder.events.filter((event) => event.kind === 'update');
      await expect.poll(() => updates().length).toBeGreaterThan(0);
      expect(updates().map((event) => `${event.model} ${event.kind} ${event.item.id}`)).toEqual([`Assistant update ${assistantId}`]);
      expect(updates()[0]?.item).toMatchObject({ id: assistantId, assistantAvatarUrl: url });
    } finally {
      await recorder.stop();
    }
  });

  it('deletes the picture it replaces when it was an upload, and leaves outside URLs alone', async () => {
    const assistantId = await createAssistant(t, alice);
    const first = (await upload(alice, { assistantId })).json().assistantAvatarUrl as string;
    const firstFile = path.basename(new URL(first).pathname);
    expect(storedFiles()).toContain(firstFile);

    const second = (await upload(alice, { assistantId })).json().assistantAvatarUrl as string;
    expect(second).not.toBe(first);
    expect(storedFiles()).not.toContain(firstFile);
    expect((await fetchAvatar(first)).statusCode).toBe(404);
    expect((await fetchAvatar(second)).statusCode).toBe(200);

    // Replacing one kind never touches the other kind's picture.
    const visitor = (await upload(alice, { assistantId, kind: 'user' })).json();
    expect(visitor.assistantAvatarUrl).toBe(second);
    expect((await fetchAvatar(second)).statusCode).toBe(200);
  });

  it('keeps a replaced upload that another assistant still shows', async () => {
    const owner = await createAssistant(t, alice);
    const url = (await upload(alice, { assistantId: owner })).json().assistantAvatarUrl as string;
    // Anyone may point an avatar at any URL, another merchant's upload included.
    await createAssistant(t, bob, { assistantAvatarUrl: url });
    await upload(alice, { assistantId: owner });
    expect((await fetchAvatar(url)).statusCode).toBe(200);
  });

  it('refuses anything but a PNG, JPEG, WebP or GIF, whatever the client claims, and stores nothing', async () => {
    const assistantId = await createAssistant(t, alice);
    const before = storedFiles();
    const bodies = [
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      Buffer.from('just some text, not an image'),
      Buffer.alloc(0),
    ];
    for (const body of bodies) {
      const res = await upload(alice, { assistantId }, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_IMAGE);
    }
    expect(storedFiles()).toEqual(before);
    expect((await row(assistantId))?.assistantAvatarUrl).toBeNull();
  });

  it('refuses files over AVATAR_MAX_BYTES with 413 and the limit', async () => {
    const assistantId = await createAssistant(t, alice);
    const before = storedFiles();
    const res = await upload(alice, { assistantId }, Buffer.concat([tinyPng(1), Buffer.alloc(MAX_BYTES * 2)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The avatar image is too large: the limit is 4 KB.' });
    expect(storedFiles()).toEqual(before);
  });

  it('names every missing or wrong field', async () => {
    const assistantId = await createAssistant(t, alice);
    const missingId = await upload(alice, {});
    expect(missingId.statusCode).toBe(400);
    expect(missingId.json()).toEqual({ assistantId: ['This field is required.'] });

    const wrong = await upload(alice, { assistantId: 'not-a-uuid', kind: 'banner' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ assistantId: ['Must be a valid UUID.'], kind: ['"banner" is not a valid choice.'] });

    const noFile = await upload(alice, { assistantId }, tinyPng(1), 'picture');
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ avatar: ['No file was submitted.'] });

    const json = await post(t, alice, '/api/assistant/avatar/', { assistantId });
    expect(json.status).toBe(415);
    expect(json.body?.detail).toMatch(/multipart\/form-data/);
  });

  it('answers 404 for another merchant’s assistant or a missing one, storing nothing', async () => {
    const assistantId = await createAssistant(t, alice, { assistantAvatarUrl: 'https://cdn.shop.test/bot.png' });
    const before = storedFiles();
    for (const id of [assistantId, randomUUID()]) {
      const res = await upload(bob, { assistantId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Assistant not found.' });
    }
    expect(storedFiles()).toEqual(before);
    expect((await row(assistantId))?.assistantAvatarUrl).toBe('https://cdn.shop.test/bot.png');
  });

  it('needs a signed-in user before looking at the form', async () => {
    const assistantId = await createAssistant(t, alice);
    for (const fields of [{ assistantId }, {}] as Record<string, string>[]) {
      const res = await upload(null, fields);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Authentication credentials were not provided.');
    }
    const json = await post(t, null, '/api/assistant/avatar/', { assistantId });
    expect(json.status).toBe(401);
  });
});
