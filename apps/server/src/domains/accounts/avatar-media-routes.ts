import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ObjectNotFoundError } from '../../lib/object-storage/object-storage';
import { avatarKey, isUploadedAvatarName } from './avatar-files';
import { AVATAR_CONTENT_TYPES } from './avatar-image';

/**
 * `GET /media/avatars/<name>`: uploaded avatars at one stable public URL wherever they are kept.
 * On disk, DATA_DIR/media is served as static files. With a bucket, the server streams the object
 * from it, so `<img>` works with a private bucket and the stored URLs never change. Names are fresh
 * UUIDs, never reused, so browsers may keep an avatar for a year.
 */
export async function avatarMediaRoutes(fastify: FastifyInstance) {
  const { env, storage } = fastify.services;
  if (storage.kind === 'disk') {
    const mediaDir = path.join(env.dataDir, 'media');
    mkdirSync(mediaDir, { recursive: true });
    await fastify.register(fastifyStatic, { root: mediaDir, prefix: '/media/', decorateReply: false, index: false });
    return;
  }
  fastify.get<{ Params: { name: string } }>('/media/avatars/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const notFound = () => reply.status(404).send({ detail: 'Not found.' });
    if (!isUploadedAvatarName(name)) return notFound();
    const stored = await storage.open(avatarKey(name)).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) return null;
      throw error;
    });
    if (!stored) return notFound();
    if (stored.etag && request.headers['if-none-match'] === stored.etag) {
      stored.body.destroy();
      return reply.status(304).header('etag', stored.etag).send();
    }
    const extension = name.slice(name.lastIndexOf('.') + 1) as keyof typeof AVATAR_CONTENT_TYPES;
    if (stored.etag) reply.header('etag', stored.etag);
    if (stored.lastModified) reply.header('last-modified', stored.lastModified.toUTCString());
    return reply
      .header('content-type', AVATAR_CONTENT_TYPES[extension])
      .header('content-length', stored.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.body);
  });
}
