import { getCategoryOperation } from '../../api/operations/categories.js';
import { listCategoriesOperation } from '../../api/operations/categories.js';
import { listLaunchesOperation } from '../../api/operations/launches.js';
import { searchListingsOperation } from '../../api/operations/listings.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout, type SafeHtml } from '../html.js';
import { breadcrumbs, cardList, pagination } from '../components.js';
import { pageMemoOf } from '../page-memo.js';
import type { PersonalParts } from '../personal-parts.js';
import { readOperation } from './read-operation.js';
import { featuredListings } from '../../domain/listings/featured.js';
import { LISTING_SORTS } from '../../domain/search/search-listings.js';
import type { CategoryNode } from '../../domain/categories/category-repository.js';

type Query = Record<string, string | undefined>;

/** The sections of the home page, as list_launches names them, with their tab labels. */
const HOME_SECTIONS: { key: string; label: string; empty: string }[] = [
  { key: 'this-week', label: 'This week', empty: 'No launches yet this week. Be the first: submit your product.' },
  { key: 'today', label: 'Today', empty: 'Nothing launched today yet.' },
  { key: 'trending', label: 'Trending', empty: 'Nothing is trending right now.' },
  { key: 'upcoming', label: 'Upcoming', empty: 'No launches scheduled yet.' },
  { key: 'most-voted', label: 'Most voted', empty: 'No votes yet.' },
  { key: 'recent', label: 'Newest', empty: 'No listings yet.' },
];

const SORT_LABELS: Record<string, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  votes: 'Most voted',
  trending: 'Trending',
  most_viewed: 'Most viewed',
  most_followed: 'Most followed',
};

const qs = (q: Query) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) u.set(k, v);
  const s = u.toString();
  return s ? `?${s}` : '';
};

/**
 * Home (launch sections), search, and categories: the directory a visitor browses. Memoised
 * (page-memo.ts), but for searches for a text.
 */
export function registerBrowseRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  const siteName = ctx.site.name;
  const memo = pageMemoOf(ctx);
  const inLayout = (
    parts: PersonalParts,
    o: { title: string; description?: string; canonical: string },
    body: SafeHtml,
  ) => layout({ ...o, siteName, account: parts.account }, body);

  const home = (req: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) =>
    memo.send(req, reply, async (parts) => {
      const now = ctx.now();
      const section = HOME_SECTIONS.find((s) => s.key === (req.query.section ?? 'this-week')) ?? HOME_SECTIONS[0];
      const [list, featured] = await Promise.all([
        readOperation(ctx, listLaunchesOperation, {
          section: section.key,
          page: req.query.page,
          per_page: req.query.per_page,
        }),
        featuredListings(ctx.db, ctx.site.id, now),
      ]);
      const path = req.url.startsWith('/launches') ? '/launches' : '/';
      const voting = parts.voting(req.url);
      return inLayout(
        parts,
        {
          title: `${siteName} — ${section.label.toLowerCase()}'s launches`,
          description: ctx.site.purpose,
          canonical: `${base}${path}${qs({ section: section.key === 'this-week' ? undefined : section.key, page: list.page > 1 ? String(list.page) : undefined })}`,
        },
        html`
      <section class="hero" aria-labelledby="hero-h">
        <h1 id="hero-h">Discover new products, launched every week</h1>
        <p class="muted">${ctx.site.purpose}</p>
        <form class="search-box" method="get" action="/search" role="search"><label class="sr-only" for="hero-q">Search products</label>
          <input id="hero-q" name="q" type="search" maxlength="200" placeholder="Search products, e.g. invoicing">
          <button type="submit">Search</button></form>
        <p><a class="button" href="/submit">Submit your product</a> <a class="button secondary" href="/launches/weeks/this">This week's calendar</a></p>
      </section>
      ${
        featured.length
          ? html`<section aria-labelledby="featured-h" class="featured-strip"><h2 id="featured-h">Featured <span class="small muted">(paid placement)</span></h2>
        ${cardList(featured, { now, voting, empty: '' })}</section>`
          : ''
      }
      <section aria-labelledby="launches-h"><h2 id="launches-h">Launches</h2>
        <nav class="section-nav" aria-label="Launch sections">${HOME_SECTIONS.map((s) => html`<a href="${path}${s.key === 'this-week' ? '' : `?section=${s.key}`}" ${s.key === section.key ? html`aria-current="page"` : ''}>${s.label}</a>`)}</nav>
        ${section.key === 'this-week' ? html`<p class="muted">Week of ${list.week} · ranked by community votes · <a href="/launches/weeks/${list.week}">the whole week</a></p>` : ''}
        ${cardList(list.items, { now, voting, ranked: ['this-week', 'today', 'trending', 'most-voted'].includes(section.key), offset: (list.page - 1) * list.per_page, empty: section.empty })}
        ${pagination(path, { section: section.key === 'this-week' ? undefined : section.key, per_page: req.query.per_page }, list.page, list.total_pages)}
      </section>
      <section class="card" aria-labelledby="build-h"><h2 id="build-h">Build on ${siteName}</h2>
        <p>Everything here is open to programs too: the <a href="/docs">REST API</a> (OpenAPI 3.1) and the MCP server at <code>${base}/mcp</code> for AI agents.</p></section>`,
      );
    });
  app.get<{ Querystring: Query }>('/', home);
  app.get<{ Querystring: Query }>('/launches', home);

  // A search for a text is drawn each time (too many to keep); browsing by filters alone is kept.
  app.get<{ Querystring: Query }>('/search', (req, reply) =>
    memo.send(
      req,
      reply,
      async (parts) => {
        const q = req.query;
        const now = ctx.now();
        const filters = {
          q: q.q,
          category: q.category,
          stage: q.stage,
          country: q.country,
          pricing_model: q.pricing_model,
          status: q.status,
          sort: q.sort,
        };
        const [result, tree] = await Promise.all([
          readOperation(ctx, searchListingsOperation, {
            ...filters,
            page: q.page,
            per_page: q.per_page,
          }),
          readOperation(ctx, listCategoriesOperation, { include_empty: 'false' }),
        ]);
        const flat: { slug: string; name: string; depth: number }[] = [];
        const walk = (nodes: CategoryNode[], depth: number) => {
          for (const n of nodes) {
            flat.push({ slug: n.slug, name: n.name, depth });
            walk(n.children, depth + 1);
          }
        };
        walk(tree.items, 0);
        const corrected = result.corrected
          ? Object.entries(result.corrected).map(([from, to]) => `${from} → ${to.join(' or ')}`)
          : [];
        const title = q.q ? `“${q.q}” — search` : 'Search products';
        const voting = parts.voting(req.url);
        return inLayout(
          parts,
          {
            title: `${title} — ${siteName}`,
            description: `Search ${siteName}'s products by name, tagline, description and keywords.`,
            canonical: `${base}/search${qs({ ...filters, page: result.page > 1 ? String(result.page) : undefined })}`,
          },
          html`
      ${breadcrumbs([{ href: '/', label: 'Home' }, { label: 'Search' }])}
      <h1>${q.q ? html`Results for “${q.q}”` : 'Search products'}</h1>
      <form class="filters" method="get" action="/search" role="search">
        <label>Search <input name="q" type="search" maxlength="200" value="${q.q ?? ''}"></label>
        <label>Category <select name="category"><option value="">Any</option>${flat.map((c) => html`<option value="${c.slug}" ${c.slug === q.category ? 'selected' : ''}>${'— '.repeat(c.depth)}${c.name}</option>`)}</select></label>
        <label>Pricing <select name="pricing_model"><option value="">Any</option>${['free', 'freemium', 'subscription', 'paid', 'open source'].map((p) => html`<option ${p === q.pricing_model ? 'selected' : ''}>${p}</option>`)}</select></label>
        <label>Country (2 letters) <input name="country" maxlength="2" size="3" value="${q.country ?? ''}"></label>
        <label>Status <select name="status"><option value="live">Live</option><option value="upcoming" ${q.status === 'upcoming' ? 'selected' : ''}>Upcoming</option></select></label>
        <label>Sort <select name="sort">${LISTING_SORTS.map((s) => html`<option value="${s}" ${s === (q.sort ?? 'relevance') ? 'selected' : ''}>${SORT_LABELS[s] ?? s}</option>`)}</select></label>
        <button type="submit">Search</button>
      </form>
      ${corrected.length ? html`<p class="notice" role="status">Showing results for ${corrected.join(', ')}.</p>` : ''}
      <p class="muted" role="status">${result.total} ${result.total === 1 ? 'product' : 'products'}</p>
      ${cardList(result.items, { now, voting, empty: q.q ? `Nothing matches “${q.q}”. Try fewer words or another spelling.` : 'No products match these filters.' })}
      ${pagination('/search', { ...filters, per_page: q.per_page }, result.page, result.total_pages)}`,
        );
      },
      { reuse: !req.query.q },
    ),
  );

  app.get('/categories', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const tree = await readOperation(ctx, listCategoriesOperation, {});
      const nodes = (list: CategoryNode[], depth: number): SafeHtml =>
        html`<ul class="tree depth-${depth}">${list.map(
          (n) => html`<li>
      <a href="/categories/${n.slug}">${n.name}</a> <span class="muted">(${n.live_listings})</span>${n.children.length ? nodes(n.children, depth + 1) : ''}</li>`,
        )}</ul>`;
      return inLayout(
        parts,
        {
          title: `Categories — ${siteName}`,
          description: `Every category of ${siteName} with how many live products it holds.`,
          canonical: `${base}/categories`,
        },
        html`
      ${breadcrumbs([{ href: '/', label: 'Home' }, { label: 'Categories' }])}
      <h1>Categories</h1>
      <div class="category-tree">${nodes(tree.items, 0)}</div>`,
      );
    }),
  );

  app.get<{ Params: { slug: string }; Querystring: Query }>('/categories/:slug', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const now = ctx.now();
      const cat = await readOperation(ctx, getCategoryOperation, {
        slug: req.params.slug,
        page: req.query.page,
        per_page: req.query.per_page,
      });
      const voting = parts.voting(req.url);
      const trail = [
        { href: '/', label: 'Home' },
        { href: '/categories', label: 'Categories' },
        ...(cat.parent ? [{ href: `/categories/${cat.parent.slug}`, label: cat.parent.name }] : []),
        { label: cat.name },
      ];
      return inLayout(
        parts,
        {
          title: `${cat.name} — ${siteName}`,
          description: cat.description || `Products in ${cat.name} on ${siteName}.`,
          canonical: `${base}/categories/${cat.slug}${cat.listings.page > 1 ? `?page=${cat.listings.page}` : ''}`,
        },
        html`
      ${breadcrumbs(trail)}
      <h1>${cat.name}</h1>
      ${cat.description ? html`<p class="lead">${cat.description}</p>` : ''}
      ${cat.subcategories.length ? html`<nav class="section-nav" aria-label="Subcategories">${cat.subcategories.map((s) => html`<a href="/categories/${s.slug}">${s.name} (${s.live_listings})</a>`)}</nav>` : ''}
      <h2>${cat.live_listings} ${cat.live_listings === 1 ? 'product' : 'products'}, most voted first</h2>
      ${cardList(cat.listings.items, { now, voting, ranked: true, offset: (cat.listings.page - 1) * cat.listings.per_page, empty: `No live products in ${cat.name} yet.` })}
      ${pagination(`/categories/${cat.slug}`, { per_page: req.query.per_page }, cat.listings.page, cat.listings.total_pages)}
      ${cat.faqs.length ? html`<h2>Questions about ${cat.name}</h2>${cat.faqs.map((f) => html`<details class="faq"><summary>${f.question}</summary><p>${f.answer}</p></details>`)}` : ''}`,
      );
    }),
  );
}
