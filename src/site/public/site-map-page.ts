import type { FastifyInstance } from 'fastify';
import { listCategoriesOperation } from '../../api/operations/categories.js';
import { listBlogPostsOperation } from '../../api/operations/content.js';
import type { AppContext } from '../../app-context.js';
import type { CategoryNode } from '../../domain/categories/category-repository.js';
import { launchCounts } from '../../domain/launches/launch-repository.js';
import { BOARDS, boardTitle } from '../../domain/leaderboards/leaderboards.js';
import { addWeeks, mondayOf } from '../../domain/weeks/weeks.js';
import { shortDate } from '../date-words.js';
import { html, layout, type SafeHtml } from '../html.js';
import { currentUser } from '../session.js';
import type { NavLink } from '../site-navigation.js';
import { readOperation } from './read-operation.js';
import { FEEDS } from './feeds.js';

/** How far back and ahead the site map lists launch weeks (the calendar pages hold the rest). */
const WEEKS_BACK = 8;
const WEEKS_AHEAD = 4;
const POSTS = 20;

const links = (items: NavLink[]) =>
  html`<ul class="link-list">${items.map((l) => html`<li><a href="${l.href}">${l.label}</a></li>`)}</ul>`;

function tree(nodes: CategoryNode[]): SafeHtml {
  return html`<ul class="link-list tree">${nodes.map((n) => html`<li><a href="/categories/${n.slug}">${n.name}</a> <span class="muted">${n.live_listings}</span>${n.children.length ? tree(n.children) : ''}</li>`)}</ul>`;
}

/** /sitemap: every part of the site on one page, for people (sitemap.xml is the one for search engines). */
export function registerSiteMapPage(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  const siteName = ctx.site.name;

  app.get('/sitemap', async (req, reply) => {
    const current = mondayOf(ctx.now());
    const [categories, posts, counts] = await Promise.all([
      readOperation(ctx, listCategoriesOperation, { include_empty: false }),
      readOperation(ctx, listBlogPostsOperation, { per_page: POSTS }),
      launchCounts(ctx.db, ctx.site.id, addWeeks(current, -WEEKS_BACK), addWeeks(current, WEEKS_AHEAD)),
    ]);
    // Weeks that have a page: past ones with launches, this one and those to come.
    const weeks = Array.from({ length: WEEKS_BACK + WEEKS_AHEAD + 1 }, (_, i) => addWeeks(current, WEEKS_AHEAD - i))
      .filter((w) => w >= current || (counts.get(w)?.live ?? 0) > 0)
      .map((w) => ({
        href: `/launches/weeks/${w}`,
        label: `Week of ${shortDate(w)}${w === current ? ' (this week)' : ''}`,
      }));
    const body = html`<h1>Site map</h1>
      <p class="lead">Every part of ${siteName} on one page.</p>
      <div class="site-map">
        <section aria-labelledby="sm-launches-h"><h2 id="sm-launches-h"><a href="/launches">Launches</a></h2>
          ${links([
            { href: '/launches', label: 'This week' },
            { href: '/launches?section=today', label: 'Today' },
            { href: '/launches?section=trending', label: 'Trending' },
            { href: '/launches?section=upcoming', label: 'Upcoming' },
            { href: '/launches?section=most-voted', label: 'Most voted' },
            { href: '/launches?section=recent', label: 'Newest' },
            { href: '/search', label: 'Search products' },
          ])}
          <h3>Launch weeks</h3>${links(weeks)}
        </section>
        <section aria-labelledby="sm-boards-h"><h2 id="sm-boards-h"><a href="/leaderboards">Leaderboards</a></h2>
          ${links(BOARDS.map((b) => ({ href: `/leaderboards/${b}`, label: boardTitle(b) })))}
          <h3><a href="/hall-of-fame">Hall of Fame</a></h3>
          ${links([
            { href: '/hall-of-fame', label: 'Every Launch of the Week winner' },
            { href: '/awards', label: 'Launch of the Week awards' },
          ])}
        </section>
        <section aria-labelledby="sm-people-h"><h2 id="sm-people-h">Community</h2>
          ${links([
            { href: '/founders', label: 'Founders' },
            { href: '/compare', label: 'Compare two products' },
          ])}
          <h3><a href="/blog">Blog</a></h3>
          ${posts.items.length ? links(posts.items.map((p) => ({ href: `/blog/${p.slug}`, label: p.title }))) : html`<p class="muted small">No posts yet.</p>`}
          ${posts.total > posts.items.length ? html`<p class="small"><a href="/blog?page=2">Older posts</a></p>` : ''}
        </section>
        <section aria-labelledby="sm-makers-h"><h2 id="sm-makers-h">For makers</h2>
          ${links([
            { href: '/submit', label: 'Submit a product' },
            { href: '/signup', label: 'Sign up' },
            { href: '/signin', label: 'Sign in' },
            { href: '/my/listings', label: 'Your listings' },
            { href: '/drafts', label: 'Your drafts' },
            { href: '/orders', label: 'Your orders' },
            { href: '/claims/new', label: 'Claim a listing' },
            { href: '/account', label: 'Your account and API keys' },
          ])}
        </section>
        <section aria-labelledby="sm-dev-h"><h2 id="sm-dev-h">For developers</h2>
          ${links([
            { href: '/docs', label: 'API reference' },
            { href: '/api/v1/openapi.json', label: 'OpenAPI document' },
            { href: '/docs/mcp', label: 'MCP server for AI agents' },
            { href: FEEDS.launches, label: 'RSS feed of new launches' },
            { href: FEEDS.blog, label: 'RSS feed of the blog' },
            { href: '/sitemap.xml', label: 'sitemap.xml' },
            { href: '/llms.txt', label: 'llms.txt' },
          ])}
        </section>
        <section class="wide" aria-labelledby="sm-categories-h"><h2 id="sm-categories-h"><a href="/categories">Categories</a></h2>
          <div class="category-columns">${tree(categories.items)}</div>
        </section>
      </div>`;
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .send(
        layout(
          {
            title: `Site map — ${siteName}`,
            siteName,
            description: `Every part of ${siteName} on one page: launches, leaderboards, categories, founders, the blog, awards and the API.`,
            user: await currentUser(ctx, req).catch(() => null),
            canonical: `${base}/sitemap`,
            breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Site map' }],
          },
          body,
        ),
      );
  });
}
