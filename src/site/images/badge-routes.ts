import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { earnedKinds, loadBadgeFacts } from '../../domain/badges/listing-badges.js';
import { isBadgeKind, isBadgeMode, isBadgeShape, isBadgeSize } from '../../domain/badges/kinds.js';
import { renderBadgeSvg } from '../../domain/badges/svg.js';

/** A listing's badge images, /badges/:slug/:kind.svg, for founders to embed on their own sites. */
export function registerBadgeRoutes(app: FastifyInstance, ctx: AppContext) {
  const siteName = ctx.site.name;
  // Badge images: long-cached at the edge but short enough that earning a badge shows within minutes.
  app.get<{ Params: { slug: string; file: string }; Querystring: Record<string, string> }>(
    '/badges/:slug/:file',
    async (req, reply) => {
      const kind = req.params.file.replace(/\.svg$/, '');
      const q = req.query;
      const shape = q.shape ?? 'standard';
      const mode = q.mode ?? 'auto';
      const size = q.size ?? 'm';
      if (
        !req.params.file.endsWith('.svg') ||
        !isBadgeKind(kind) ||
        !isBadgeShape(shape) ||
        !isBadgeMode(mode) ||
        !isBadgeSize(size)
      ) {
        return reply.code(404).type('text/plain').send('No such badge.');
      }
      const facts = /^[a-z0-9][a-z0-9-]{0,219}$/.test(req.params.slug)
        ? await loadBadgeFacts(ctx.db, ctx.site.id, req.params.slug)
        : null;
      if (!facts) return reply.code(404).type('text/plain').send('No such listing.');
      // Only what was earned: nobody can show an award, a verification or a rank they do not have.
      if (!earnedKinds(facts).has(kind))
        return reply.code(404).type('text/plain').send(`${facts.name} has not earned this badge.`);
      const svg = renderBadgeSvg({
        kind,
        shape,
        mode,
        size,
        siteName,
        productName: facts.name,
        votes: facts.votes,
        rank: kind === 'launch-of-the-week' ? facts.bestAward?.rank : undefined,
        weekLabel: facts.bestAward ? `Week of ${facts.bestAward.week}` : undefined,
      });
      // The SVG carries its own <style> (light/dark); it runs nothing, and sites embed it anywhere.
      return reply
        .header('Cache-Control', 'public, max-age=300')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('image/svg+xml; charset=utf-8')
        .send(svg);
    },
  );
}
