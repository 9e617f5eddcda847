import type { OutputOf } from '../../api/registry.js';
import { getLaunchWeekOperation } from '../../api/operations/launches.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { sha256 } from '../../crypto/sha256.js';
import { loadListingProfile, type ListingProfile } from '../../domain/listings/listing-profile.js';
import { profileCacheKey } from '../../domain/listings/listing-cache.js';
import { findImage } from '../../domain/images/image-repository.js';
import { ensureImage } from '../../domain/images/remote-images.js';
import { imageUrlHash } from '../../domain/images/image-addresses.js';
import { logoAsPng } from '../../images/logo-image.js';
import { renderPng } from '../../images/render-png.js';
import { RenderCache } from '../../images/render-cache.js';
import { listingShareSvg, weekShareSvg, type ListingShareFacts, type WeekShareFacts } from '../../images/share-card.js';
import { readOperation } from '../public/read-operation.js';
import { HttpError } from '../../api/errors.js';
import { imageNotFound } from './send-image.js';

/** Bumped when the templates change, so browsers and caches holding an old ETag get the new picture. */
const TEMPLATE_VERSION = 'share-1';

type LaunchWeek = OutputOf<typeof getLaunchWeekOperation>;

/**
 * Share images (OpenGraph / Twitter cards, 1200 × 630 PNG) of listing pages and launch weeks,
 * drawn from SVG templates with the bundled font. A picture is keyed by a hash of what it shows:
 * that is its ETag, and its key in an in-memory cache, so each version is rendered once per instance.
 */
export function registerShareImageRoutes(app: FastifyInstance, ctx: AppContext) {
  const cache = new RenderCache();
  const host = new URL(ctx.config.publicUrl).host;
  const siteName = ctx.site.name;

  async function send(req: FastifyRequest, reply: FastifyReply, facts: object, render: () => Promise<Buffer>) {
    const key = sha256(JSON.stringify([TEMPLATE_VERSION, facts]));
    const etag = `"${key.slice(0, 32)}"`;
    // Votes change: an hour, then ask again (most answers are then a 304).
    reply.header('Cache-Control', 'public, max-age=3600').header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/png').send(await cache.get(key, render));
  }

  app.get<{ Params: { file: string } }>('/images/share/listings/:file', async (req, reply) => {
    const slug = /^([a-z0-9][a-z0-9-]{0,219})\.png$/.exec(req.params.file)?.[1];
    if (!slug) return imageNotFound(reply);
    // get_listing's cached public profile, without counting a view: a share image is not a visit.
    const hit = await ctx.listingCache.getOrLoad(profileCacheKey(ctx.site.id, slug), () =>
      loadListingProfile(ctx.db, ctx.site.id, slug, ctx.config.publicUrl),
    );
    if (!hit) return imageNotFound(reply);
    const p = hit.value as ListingProfile;
    // The stored logo if there is one; otherwise the monogram now and the logo fetched for next time.
    const logo = p.logo_url ? await findImage(ctx.db, imageUrlHash(p.logo_url)) : null;
    if (p.logo_url && !logo) void ensureImage(ctx, p.logo_url).catch(() => {});
    const logoOk = logo?.status === 'ok' && logo.bytes ? logo.bytes : null;
    const facts: Omit<ListingShareFacts, 'logoPng'> = {
      siteName,
      host,
      name: p.name,
      tagline: p.tagline,
      votes: p.votes,
      launch:
        p.status === 'scheduled' && p.launch_week
          ? { state: 'scheduled', date: p.launch_week }
          : p.launched_at
            ? { state: 'launched', date: p.launched_at.slice(0, 10) }
            : null,
    };
    return send(req, reply, { ...facts, logo: logoOk ? logo!.urlHash + logo!.fetchedAt : null }, async () =>
      renderPng(listingShareSvg({ ...facts, logoPng: logoOk ? await logoAsPng(logoOk, 152) : null })),
    );
  });

  app.get<{ Params: { file: string } }>('/images/share/weeks/:file', async (req, reply) => {
    const week = /^(\d{4}-\d{2}-\d{2})\.png$/.exec(req.params.file)?.[1];
    if (!week) return imageNotFound(reply);
    let w: LaunchWeek;
    try {
      w = await readOperation(ctx, getLaunchWeekOperation, { week, per_page: 5 });
    } catch (err) {
      // A week the API does not serve (malformed, out of range) has no picture either.
      if (err instanceof HttpError && err.status < 500) return imageNotFound(reply);
      throw err;
    }
    // Only a week's own address (its Monday): another day of it is not a second picture.
    if (w.week !== week) return imageNotFound(reply);
    const facts: WeekShareFacts = {
      siteName,
      host,
      week: w.week,
      state: w.state,
      total: w.total,
      top: w.items.map((l) => ({ name: l.name, votes: w.state === 'upcoming' ? null : l.week_votes })),
    };
    return send(req, reply, facts, () => renderPng(weekShareSvg(facts)));
  });
}
