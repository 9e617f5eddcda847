import { getCategoryOperation } from '../../api/operations/categories.js';
import { listCategoriesOperation } from '../../api/operations/categories.js';
import { listLaunchesOperation } from '../../api/operations/launches.js';
import { searchListingsOperation } from '../../api/operations/listings.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout, type SafeHtml } from '../html.js';
import { pageMemoOf } from '../page-memo.js';
import type { PersonalParts } from '../personal-parts.js';
import { cardList, pagination } from '../components.js';
import type { Crumb } from '../site-navigation.js';
import { homeData } from './home-data.js';
import { homePage } from './home-page.js';
import { readOperation } from './read-operation.js';
import { LISTING_SORTS } from '../../domain/search/search-listings.js';
import type { CategoryNode } from '../../domain/categories/category-repository.js';

type Query = Record<string, string | undefined>;

/** The tabs of the launches page, as list_launches names its sections. */
const LAUNCH_TABS: { key: string; label: string; description: string; empty: string; ranked: boolean }[] = [
  {
    key: 'this-week',
    label: 'This week',
    description: "This launch week's products, ranked by community votes.",
    empty: 'No launches yet this week. Be the first: submit your product.',
    ranked: true,
  },
  {
    key: 'today',
    label: 'Today',
    description: 'What launched today (UTC), ranked by community votes.',
    empty: 'Nothing launched today yet.',
    ranked: true,
  },
  {
    key: 'trending',
    label: 'Trending',
    description: 'Votes of the last 30 days, the newest counting most.',
    empty: 'Nothing is trending right now.',
    ranked: true,
  },
  {
    key: 'upcoming',
    label: 'Upcoming',
    description: 'Launches scheduled for this week and later, soonest first.',
    empty: 'No launches scheduled yet.',
    ranked: false,
  },
  {
    key: 'most-voted',
    label: 'Most voted',
    description: 'Every live product, by all-time community votes.',
    empty: 'No votes yet.',
    ranked: true,
  },
  {
    key: 'recent',
    label: 'Newest',
    description: 'Every live product, the latest launch first.',
    empty: 'No listings yet.',
    ranked: false,
  },
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
 * Home, the launch sections, search, and categories: the directory a visitor browses. Memoised
 * (page-memo.ts), but for searches for a text.
 */
export function registerBrowseRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  const siteName = ctx.site.name;
  const memo = pageMemoOf(ctx);
  // Where a voter comes back from signing in is told what came of the card's vote (parts.notice).
  const inLayout = (
    parts: PersonalParts,
    o: { title: string; description?: string; canonical: string; breadcrumbs?: Crumb[] },
    body: SafeHtml,
  ) => layout({ ...o, siteName, header: parts.header }, html`${parts.notice()}${body}`);

  app.get<{ Querystring: Query }>('/', async (req, reply) => {
    // The sections and their pages used to live here: old links land on /launches.
    if (req.query.section || req.query.page || req.query.per_page)
      return reply.redirect(
        `/launches${qs({ section: req.query.section, page: req.query.page, per_page: req.query.per_page })}`,
        301,
      );
    return home(req, reply);
  });

  const home = (req: FastifyRequest, reply: FastifyReply) =>
    memo.send(req, reply, async (parts) => {
      const now = ctx.now();
      const data = await homeData(ctx, now);
      const voting = parts.voting(req.url);
      return inLayout(
        parts,
        {
          title: `${siteName} — today's and this week's product launches`,
          description: ctx.site.purpose,
          canonical: `${base}/`,
        },
        homePage(data, { now, voting, siteName, purpose: ctx.site.purpose, base }),
      );
    });

  app.get<{ Querystring: Query }>('/launches', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const now = ctx.now();
      const section = LAUNCH_TABS.find((s) => s.key === (req.query.section ?? 'this-week')) ?? LAUNCH_TABS[0];
      const list = await readOperation(ctx, listLaunchesOperation, {
        section: section.key,
        page: req.query.page,
        per_page: req.query.per_page,
      });
      const voting = parts.voting(req.url);
      const sectionQuery = section.key === 'this-week' ? undefined : section.key;
      return inLayout(
        parts,
        {
          title: `${section.label} — launches — ${siteName}`,
          description: `${section.description} On ${siteName}.`,
          canonical: `${base}/launches${qs({ section: sectionQuery, page: list.page > 1 ? String(list.page) : undefined })}`,
          breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Launches' }],
        },
        html`
      <h1>Launches</h1>
      <nav class="section-nav" aria-label="Launch sections">${LAUNCH_TABS.map((s) => html`<a href="/launches${s.key === 'this-week' ? '' : `?section=${s.key}`}" ${s.key === section.key ? html`aria-current="page"` : ''}>${s.label}</a>`)}</nav>
      <section aria-labelledby="launches-h">
        <h2 id="launches-h">${section.label}</h2>
        <p class="muted">${section.description}${section.key === 'this-week' ? html` · <a href="/launches/weeks/${list.week}">the whole week, day by day</a>` : ''}</p>
        ${cardList(list.items, { now, voting, ranked: section.ranked, offset: (list.page - 1) * list.per_page, empty: section.empty })}
        ${pagination('/launches', { section: sectionQuery, per_page: req.query.per_page }, list.page, list.total_pages)}
      </section>
      <p class="small muted">Also: the <a href="/launches/weeks/${list.week}">launch calendar</a>, the <a href="/leaderboards">leaderboards</a> and the <a href="/hall-of-fame">Hall of Fame</a>.</p>`,
      );
    }),
  );

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
            breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Search' }],
          },
          html`
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
      <h2 class="result-count">${result.total} ${result.total === 1 ? 'product' : 'products'}</h2>
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
          breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Categories' }],
        },
        html`
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
          breadcrumbs: trail,
        },
        html`
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
