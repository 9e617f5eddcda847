import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context.js';
import { html, layout, type SafeHtml } from './html.js';
import { renderApiReference } from './api-reference.js';
import { launchWeek } from '../domain/launches/launch-repository.js';
import { mondayOf } from '../domain/weeks/weeks.js';
import { loadListingProfile, type ListingProfile } from '../domain/listings/listing-profile.js';
import { categoryTree, type CategoryNode } from '../domain/categories/category-repository.js';
import { loadBadgeFacts } from '../domain/badges/listing-badges.js';
import { isBadgeKind, isBadgeMode, isBadgeShape, isBadgeSize } from '../domain/badges/kinds.js';
import { renderBadgeSvg } from '../domain/badges/svg.js';
import type { ListingSummary } from '../domain/listings/listing-summary.js';
import { followControl } from './my-listing-follow.js';
import { featuredListings, isFeatured } from '../domain/listings/featured.js';

const page = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);

function listingRow(l: ListingSummary & { rank?: number }, now: Date): SafeHtml {
  return html`<li>${l.rank ? html`<span class="rank">${l.rank}</span>` : ''}
    <div class="body"><a href="/p/${l.slug}"><strong>${l.name}</strong></a> — ${l.tagline}
    ${l.primary_category ? html`<span class="tag">${l.primary_category.name}</span>` : ''}
    ${isFeatured(l, now) ? html`<span class="tag featured" title="Paid placement">Featured</span>` : ''}</div>
    <div class="votes" title="Community votes">▲ ${l.votes}</div></li>`;
}

/** A bought trophy cabinet (trophy_cabinet): the awards it was set to display, in its style. */
function trophyCabinet(p: ListingProfile, now: Date): SafeHtml {
  const c = p.trophy_cabinet!;
  const trophies: string[] = [];
  if (c.award === 'all' || c.award === 'launch-of-the-week') trophies.push(...p.awards.map((a) => `🏆 ${a.title} — week of ${a.week}`));
  if ((c.award === 'all' || c.award === 'top-voted') && p.votes > 0) trophies.push(`▲ ${p.votes} community votes`);
  if ((c.award === 'all' || c.award === 'featured') && isFeatured(p, now)) trophies.push(`★ Featured on the home page`);
  return html`<section class="card trophy-cabinet cabinet-${c.style}" aria-labelledby="cabinet-h"><h2 id="cabinet-h">Trophy cabinet</h2>
    ${trophies.length ? html`<ul>${trophies.map((t) => html`<li>${t}</li>`)}</ul>` : html`<p class="muted">The awards ${p.name} wins will be displayed here.</p>`}
    ${c.caption ? html`<p>${c.caption}</p>` : ''}</section>`;
}

/** Server-rendered public pages: home (this week's launches), listings, categories, docs and badge images. */
export function registerSiteRoutes(app: FastifyInstance, ctx: AppContext, opts: { openapi: object }) {
  const siteName = ctx.site.name;
  const docsHtml = renderApiReference(opts.openapi as never, { publicUrl: ctx.config.publicUrl });
  app.get('/docs', async (_req, reply) => page(reply, 200, docsHtml));

  const weekPage = async (reply: FastifyReply) => {
    const now = ctx.now();
    const [week, featured] = await Promise.all([launchWeek(ctx.db, ctx.site.id, mondayOf(now), now, 50, 0), featuredListings(ctx.db, ctx.site.id, now)]);
    return page(reply, 200, layout({ title: `${siteName} — launches this week`, siteName, description: ctx.site.purpose }, html`
      <h1>Launching this week</h1><p class="muted">${ctx.site.purpose}</p>
      ${featured.length ? html`<section aria-labelledby="featured-h" class="card featured"><h2 id="featured-h">Featured <span class="small muted">(paid placement)</span></h2>
        <ul class="list">${featured.map((l) => listingRow(l, now))}</ul></section>` : ''}
      <p class="muted">Week of ${mondayOf(now)} · ranked by community votes this week</p>
      ${week.items.length ? html`<ol class="list">${week.items.map((l) => listingRow(l, now))}</ol>` : html`<p>No launches yet this week.</p>`}
      <div class="card">Build on it: the <a href="/docs">REST API</a> and the MCP server at <code>${ctx.config.publicUrl}/mcp</code>.</div>`));
  };
  app.get('/', async (_req, reply) => weekPage(reply));
  app.get('/launches', async (_req, reply) => weekPage(reply));

  app.get<{ Params: { slug: string } }>('/p/:slug', async (req, reply) => {
    const p = /^[a-z0-9][a-z0-9-]{0,219}$/.test(req.params.slug) ? await loadListingProfile(ctx.db, ctx.site.id, req.params.slug, ctx.config.publicUrl) : null;
    if (!p) return page(reply, 404, layout({ title: 'Not found', siteName }, html`<h1>Listing not found</h1><p><a href="/">Back to launches</a></p>`));
    const follow = await followControl(ctx, req, reply, p);
    return page(reply, 200, layout({ title: p.seo.title || `${p.name} — ${p.tagline}`, siteName, description: p.seo.description || p.short_description }, html`
      <h1>${p.name}</h1><p>${p.tagline}</p>
      <p><a href="${p.url}" rel="nofollow noopener">Visit website</a> · ▲ ${p.votes} votes · ${p.followers} followers
      ${p.verified ? html` · <span class="tag">Verified owner</span>` : ''}${isFeatured(p, ctx.now()) ? html` · <span class="tag featured" title="Paid placement">Featured</span>` : ''} · <a href="/claims/new?slug=${p.slug}">Claim this listing</a></p>
      ${follow}
      ${p.categories.map((c) => html`<span class="tag">${c.name}</span>`)}
      <div class="card"><p>${p.description || p.short_description}</p></div>
      ${p.features.length ? html`<h2>Features</h2><ul>${p.features.map((f) => html`<li>${f}</li>`)}</ul>` : ''}
      ${p.pricing.summary ? html`<h2>Pricing</h2><p>${p.pricing.summary}</p>` : ''}
      ${p.founders.length ? html`<h2>Founders</h2><ul>${p.founders.map((f) => html`<li>${f.name}${f.title ? html` — ${f.title}` : ''}</li>`)}</ul>` : ''}
      ${p.faqs.length ? html`<h2>FAQ</h2>${p.faqs.map((f) => html`<details><summary>${f.question}</summary><p>${f.answer}</p></details>`)}` : ''}
      ${p.trophy_cabinet ? trophyCabinet(p, ctx.now()) : ''}
      ${p.community_rating.count ? html`<p>Community rating ${p.community_rating.average} / 5 from ${p.community_rating.count} reviews</p>` : ''}
      ${p.domain_rating.current !== null ? html`<p>Domain Rating ${p.domain_rating.current} (${p.domain_rating.trend})</p>` : ''}
      ${p.not_found_on_website.length ? html`<p class="muted">Not stated on the company's website: ${p.not_found_on_website.join(', ')}</p>` : ''}`));
  });

  app.get('/categories', async (_req, reply) => {
    const tree = await categoryTree(ctx.db, ctx.site.id, true);
    const renderNodes = (nodes: CategoryNode[]): SafeHtml => html`<ul>${nodes.map((n) => html`<li>${n.name} <span class="muted">(${n.live_listings})</span>${n.children.length ? renderNodes(n.children) : ''}</li>`)}</ul>`;
    return page(reply, 200, layout({ title: `Categories — ${siteName}`, siteName }, html`<h1>Categories</h1>${renderNodes(tree)}`));
  });

  // Badge images: long-cached at the edge but short enough that earning a badge shows within minutes.
  app.get<{ Params: { slug: string; file: string }; Querystring: Record<string, string> }>('/badges/:slug/:file', async (req, reply) => {
    const kind = req.params.file.replace(/\.svg$/, '');
    const q = req.query;
    const shape = q.shape ?? 'standard';
    const mode = q.mode ?? 'auto';
    const size = q.size ?? 'm';
    if (!req.params.file.endsWith('.svg') || !isBadgeKind(kind) || !isBadgeShape(shape) || !isBadgeMode(mode) || !isBadgeSize(size)) {
      return reply.code(404).type('text/plain').send('No such badge.');
    }
    const facts = /^[a-z0-9][a-z0-9-]{0,219}$/.test(req.params.slug) ? await loadBadgeFacts(ctx.db, ctx.site.id, req.params.slug) : null;
    if (!facts) return reply.code(404).type('text/plain').send('No such listing.');
    const svg = renderBadgeSvg({ kind, shape, mode, size, siteName, productName: facts.name, votes: facts.votes, rank: kind === 'launch-of-the-week' ? facts.bestAward?.rank : undefined, weekLabel: facts.bestAward ? `Week of ${facts.bestAward.week}` : undefined });
    return reply.header('Cache-Control', 'public, max-age=300').type('image/svg+xml; charset=utf-8').send(svg);
  });
}
