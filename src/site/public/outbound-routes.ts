import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../api/errors.js';
import type { Visitor } from '../../domain/analytics/analytics-counter.js';
import { profileCacheKey } from '../../domain/listings/listing-cache.js';
import { loadListingProfile } from '../../domain/listings/listing-profile.js';

/** Where the site links to a listing's website: through /go/{slug}, which counts the click and redirects. */
export const websitePath = (slug: string) => `/go/${slug}`;

/**
 * Who made a request, for counting it: nothing when it is not a visit of a person's browser that
 * shows the page (a HEAD, a speculative prefetch), otherwise its User-Agent, address and Referer.
 */
export function visitorOf(req: FastifyRequest): Visitor | null {
  if (req.method !== 'GET') return null;
  const purpose = req.headers['sec-purpose'] ?? req.headers.purpose;
  if (typeof purpose === 'string' && purpose.includes('prefetch')) return null;
  return { userAgent: req.headers['user-agent'], ip: req.ip, referer: req.headers.referer };
}

/**
 * /go/{slug}: the public links to a listing's website go through here, so its owners learn how many
 * visitors went on to the website. A 302 to the website as the listing states it (no tracking
 * parameters are added), counted without cookies; bots and repeats are not counted (analytics-counter.ts).
 */
export function registerOutboundRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { slug: string } }>('/go/:slug', async (req, reply) => {
    const { slug } = req.params;
    if (!/^[a-z0-9][a-z0-9-]{0,219}$/.test(slug)) throw new HttpError(404, `There is no listing "${slug}".`);
    // The listing page's cached profile: a click right after a view costs no query.
    const hit = await ctx.listingCache.getOrLoad(profileCacheKey(ctx.site.id, slug), () =>
      loadListingProfile(ctx.db, ctx.site.id, slug, ctx.config.publicUrl),
    );
    if (!hit || !/^https?:\/\//i.test(hit.value.url)) throw new HttpError(404, `There is no listing "${slug}".`);
    const visitor = visitorOf(req);
    if (visitor) ctx.analytics.click(hit.value.id, visitor);
    // Every click must reach us to be counted, and the address is not a page to index.
    return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').redirect(hit.value.url, 302);
  });
}
