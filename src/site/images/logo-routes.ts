import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { findFounderAvatar, findListingLogo } from '../../domain/images/image-repository.js';
import { ensureImage } from '../../domain/images/remote-images.js';
import { logoVersion } from '../../domain/images/image-addresses.js';
import { imageNotFound, sendStoredImage, versionParam } from './send-image.js';

/**
 * Listing logos (`/images/logos/<listing id>.webp?v=<hash of its logo URL>`) and founders'
 * avatars (`/images/avatars/<founder slug>.webp?v=…`) from our own origin: never hot-linked.
 * Only the URL stored on that listing or founder is ever fetched — an address whose hash is not
 * the current one is a 404, so this is no open proxy. The first request (or, for a logo, the job
 * queued when it was saved) fetches it once; afterwards it comes from the database. Without a
 * usable image (missing, broken, not an image, too large, a private address) the monogram is served.
 */
export function registerLogoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { file: string }; Querystring: { v?: unknown } }>('/images/logos/:file', async (req, reply) => {
    const id = /^([1-9]\d{0,9})\.webp$/.exec(req.params.file)?.[1];
    const v = versionParam(req.query.v);
    if (!id || Number(id) > 2_147_483_647 || !v) return imageNotFound(reply);
    const listing = await findListingLogo(ctx.db, ctx.site.id, Number(id));
    if (!listing?.logoUrl || logoVersion(listing.logoUrl) !== v) return imageNotFound(reply);
    return sendStoredImage(req, reply, await ensureImage(ctx, listing.logoUrl), v, listing.name);
  });

  app.get<{ Params: { file: string }; Querystring: { v?: unknown } }>('/images/avatars/:file', async (req, reply) => {
    const slug = /^([a-z0-9][a-z0-9-]{0,219})\.webp$/.exec(req.params.file)?.[1];
    const v = versionParam(req.query.v);
    if (!slug || !v) return imageNotFound(reply);
    const founder = await findFounderAvatar(ctx.db, slug);
    if (!founder?.avatarUrl || logoVersion(founder.avatarUrl) !== v) return imageNotFound(reply);
    return sendStoredImage(req, reply, await ensureImage(ctx, founder.avatarUrl), v, founder.name);
  });
}
