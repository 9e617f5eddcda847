import { getAlternativesOperation } from '../../api/operations/listings.js';
import type { OutputOf } from '../../api/registry.js';
import { getListingOperation } from '../../api/operations/listings.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout, type SafeHtml } from '../html.js';
import type { ListingProfile } from '../../domain/listings/listing-profile.js';
import { badgeEmbeds } from '../../domain/badges/listing-badges.js';
import { HttpError } from '../../api/errors.js';
import { readOperation } from './read-operation.js';
import { sendAnonymousPage, sendPersonalPage } from '../page-memo.js';
import { ListingPageMemo } from './listing-page-memo.js';
import { listingPage, listingTrail } from './listing-page.js';
import { followControl } from '../my-listings/my-listing-follow.js';
import { isFeatured } from '../../domain/listings/featured.js';
import { voteControl } from '../community/vote-control.js';
import { pendingNotice } from '../community/pending-actions.js';
import { hasVoted } from '../../domain/votes/votes.js';
import { commentsSection } from '../community/comment-section.js';
import { listingReviewsSection } from '../community/review-section.js';
import { commentSort } from '../../domain/comments/comment-rules.js';
import { listingSharePath, logoPath } from '../../domain/images/image-addresses.js';
import { visitorOf } from './outbound-routes.js';

const sendHtml = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

/** schema.org data of a listing page: the product (rating from genuine reviews only) and its FAQs (the layout adds where it sits). */
function listingJsonLd(p: ListingProfile, url: string, base: string): object[] {
  const primary = p.categories.find((c) => c.primary);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: p.name,
      description: p.short_description || p.tagline,
      url: p.url,
      ...(primary ? { applicationCategory: primary.name } : {}),
      // Its logo as we serve it (our origin, never the listing's own server).
      ...(p.logo_url ? { image: `${base}${logoPath(p)}` } : {}),
      ...(p.media?.some((m) => m.kind === 'image')
        ? { screenshot: p.media.filter((m) => m.kind === 'image').map((m) => m.url) }
        : {}),
      ...(p.community_rating.count > 0 && p.community_rating.average !== null
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: p.community_rating.average,
              ratingCount: p.community_rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      ...(p.founders.length
        ? { author: p.founders.map((f) => ({ '@type': 'Person', name: f.name, url: `${base}/founders/${f.slug}` })) }
        : {}),
      mainEntityOfPage: url,
    },
    ...(p.faqs.length
      ? [
          {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            mainEntity: p.faqs.map((f) => ({
              '@type': 'Question',
              name: f.question,
              acceptedAnswer: { '@type': 'Answer', text: f.answer },
            })),
          },
        ]
      : []),
  ];
}

/** The embed code of the best badge a profile shows it earned (an award, else launched, else listed). */
function profileBadgeEmbed(p: ListingProfile, siteName: string, publicUrl: string): string | null {
  const best = [...p.awards].sort((a, b) => a.rank - b.rank)[0];
  const launched = p.status === 'live' && p.launched_at != null;
  const facts = {
    id: p.id,
    slug: p.slug,
    name: p.name,
    status: p.status,
    plan: p.plan,
    verified: p.verified,
    launched,
    votes: p.votes,
    bestAward: best ? { id: best.id, rank: best.rank as 1 | 2 | 3, week: best.week } : null,
    topVoted: false,
  };
  const kind = best ? 'launch-of-the-week' : launched ? 'launched' : 'listed';
  return (
    badgeEmbeds(facts, { shape: 'standard', mode: 'auto', size: 'm' }, siteName, publicUrl).find((b) => b.kind === kind)
      ?.html ?? null
  );
}

/** A bought trophy cabinet (trophy_cabinet): the awards it was set to display, in its style. */
function trophyCabinet(p: ListingProfile, now: Date): SafeHtml {
  const c = p.trophy_cabinet!;
  const trophies: string[] = [];
  if (c.award === 'all' || c.award === 'launch-of-the-week')
    trophies.push(...p.awards.map((a) => `${a.title} — week of ${a.week}`));
  if ((c.award === 'all' || c.award === 'top-voted') && p.votes > 0) trophies.push(`▲ ${p.votes} community votes`);
  if ((c.award === 'all' || c.award === 'featured') && isFeatured(p, now)) trophies.push(`Featured on the home page`);
  return html`<section class="card trophy-cabinet cabinet-${c.style}" aria-labelledby="cabinet-h"><h2 id="cabinet-h">Trophy cabinet</h2>
    ${trophies.length ? html`<ul>${trophies.map((t) => html`<li>${t}</li>`)}</ul>` : html`<p class="muted">The awards ${p.name} wins will be displayed here.</p>`}
    ${c.caption ? html`<p>${c.caption}</p>` : ''}</section>`;
}

/**
 * A listing's public page, /p/:slug: the hot path of the site. A signed-out visitor's copy is
 * rendered once per change (listing-page-memo.ts); a signed-in person's is rendered for them.
 */
export function registerListingRoutes(app: FastifyInstance, ctx: AppContext) {
  const siteName = ctx.site.name;
  const memo = new ListingPageMemo(ctx.listingCache, ctx.readCache, ctx.site.id);

  app.get<{ Params: { slug: string }; Querystring: { comments?: string } }>('/p/:slug', async (req, reply) => {
    const slug = req.params.slug;
    // An address that cannot be a slug is simply not a listing page.
    if (!/^[a-z0-9][a-z0-9-]{0,219}$/.test(slug)) throw new HttpError(404, `There is no listing "${slug}".`);
    const versions = memo.versions(slug);
    // get_listing itself: its cached profile, its view count, its 404.
    const p = await readOperation(ctx, getListingOperation, { slug });
    // Counted here, before any memoised copy or 304 is sent: every visit of the page is a view.
    const visitor = visitorOf(req);
    if (visitor) ctx.analytics.view(p.id, visitor);
    const now = ctx.now();
    const user = req.user;
    const readAlternatives = () =>
      readOperation(ctx, getAlternativesOperation, { slug: p.slug, per_page: '4' }).catch(() => ({
        items: [] as OutputOf<typeof getAlternativesOperation>['items'],
      }));
    const csrf = user ? reply.generateCsrf() : null;
    const sort = commentSort(req.query.comments);
    const render = async (alternatives: { items: OutputOf<typeof getAlternativesOperation>['items'] }) => {
      const kept = user ? pendingNotice(req, reply, p.slug) : null;
      const noticeOf = (...kinds: string[]) => (kept && kinds.includes(kept.kind) ? kept.notice : undefined);
      const vote = html`${noticeOf('vote', 'follow') ?? ''}${voteControl(
        p,
        user && csrf ? { csrf, voted: p.status === 'live' && (await hasVoted(ctx.db, p, user.id)) } : null,
      )}`;
      const [follow, comments, reviews] = await Promise.all([
        followControl(ctx, req, reply, p),
        commentsSection(ctx, p, user, { sort, csrf, notice: noticeOf('comment') }),
        listingReviewsSection(ctx.db, p, user, csrf, noticeOf('review')),
      ]);
      const url = `${ctx.config.publicUrl}/p/${p.slug}`;
      return layout(
        {
          title: p.seo.title || `${p.name} — ${p.tagline}`,
          siteName,
          description: p.seo.description || p.short_description,
          user,
          canonical: url,
          image: `${ctx.config.publicUrl}${listingSharePath(p.slug)}`,
          jsonLd: listingJsonLd(p, url, ctx.config.publicUrl),
          breadcrumbs: listingTrail(p),
        },
        listingPage(p, {
          now,
          follow,
          vote,
          alternatives: alternatives.items,
          badgeEmbed: profileBadgeEmbed(p, siteName, ctx.config.publicUrl),
          trophyCabinet: p.trophy_cabinet ? trophyCabinet(p, now) : html``,
          comments,
          reviews,
          ranking: p.ranking,
        }),
      );
    };
    if (user) return sendPersonalPage(reply, await render(await readAlternatives()));
    // A signed-out visitor's default page (a discussion sorted otherwise, ?comments=top, is
    // rendered each time) is rendered once per change, not once per visit — and once, not once
    // per visitor, when many arrive together right after a change. Kept encoded, with its ETag
    // and its compressed copies: a 20 KB page costs more to turn into bytes than to look up.
    if (sort !== 'newest') return sendHtml(reply, await render(await readAlternatives()));
    const page = await memo.page({ versions, profile: p, now, alternatives: readAlternatives, render });
    return sendAnonymousPage(req, reply, page);
  });
}
