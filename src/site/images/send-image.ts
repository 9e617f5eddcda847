import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredImage } from '../../domain/images/image-repository.js';
import { monogramSvg } from '../../images/monogram.js';

export const imageNotFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header('Cache-Control', 'public, max-age=60')
    .type('text/plain; charset=utf-8')
    .send('No such image.');

/** The `v` of an image address: 16 hex digits of its source URL's hash (anything else is no address of ours). */
export const versionParam = (v: unknown): string | null =>
  typeof v === 'string' && /^[0-9a-f]{16}$/.test(v) ? v : null;

/**
 * Answers with our copy of a remote image, cacheable for a year (a new source URL gets a new
 * address), or — when there is no usable copy — the owner's monogram, cached for an hour so the
 * image shows once a later try succeeds.
 */
export function sendStoredImage(
  req: FastifyRequest,
  reply: FastifyReply,
  img: StoredImage,
  version: string,
  name: string,
) {
  if (img.status === 'ok' && img.bytes && img.contentType) {
    const etag = `"${version}"`;
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(img.contentType).send(img.bytes);
  }
  // Our own SVG (escaped initials, nothing remote); it runs nothing.
  return reply
    .header('Cache-Control', 'public, max-age=3600')
    .header('Content-Security-Policy', "default-src 'none'")
    .type('image/svg+xml; charset=utf-8')
    .send(monogramSvg(name));
}
