import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { mediaFile } from '../../domain/media/media-files.js';
import { imageNotFound } from './send-image.js';

/**
 * Listings' screenshots from our own origin (`/media/<SHA-256>-<width>.<avif|webp>`): the address
 * names the content, so an answer is cached for a year. Only sizes a page offers exist.
 */
export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { file: string } }>('/media/:file', async (req, reply) => {
    const bytes = await mediaFile(ctx.db, req.params.file);
    if (!bytes) return imageNotFound(reply);
    const etag = `"${req.params.file}"`;
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(req.params.file.endsWith('.avif') ? 'image/avif' : 'image/webp').send(bytes);
  });
}
