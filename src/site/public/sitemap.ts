import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { escapeHtml } from '../html.js';
import { liveListingCount, liveListingStamps } from '../../domain/listings/listing-repository.js';
import { listCategoriesOperation } from '../../api/operations/categories.js';
import { listBlogPosts } from '../../domain/blog/blog-repository.js';
import type { CategoryNode } from '../../domain/categories/category-repository.js';
import { BOARDS } from '../../domain/leaderboards/leaderboards.js';
import { mondayOf } from '../../domain/weeks/weeks.js';
import { readOperation } from './read-operation.js';

/** The sitemap protocol allows 50,000 URLs per file; listings are split into files of this many. */
export const SITEMAP_LISTINGS_PER_FILE = 50_000;

/** Blog posts listed in pages.xml, newest first (a blog past this many is still crawled through /blog). */
const SITEMAP_POSTS = 1000;

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;

/** /sitemap.xml (an index) → /sitemaps/pages.xml and /sitemaps/listings-N.xml for every public listing. */
export function registerSitemapRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  const send = (reply: import('fastify').FastifyReply, body: string) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml(body));

  app.get('/sitemap.xml', async (_req, reply) => {
    const n = await liveListingCount(ctx.db, ctx.site.id);
    const files = [
      '/sitemaps/pages.xml',
      ...Array.from({ length: Math.ceil(n / SITEMAP_LISTINGS_PER_FILE) }, (_, i) => `/sitemaps/listings-${i + 1}.xml`),
    ];
    return send(
      reply,
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map((f) => `<sitemap><loc>${escapeHtml(base + f)}</loc></sitemap>`).join('\n')}\n</sitemapindex>`,
    );
  });

  app.get('/sitemaps/pages.xml', async (_req, reply) => {
    const [tree, posts] = await Promise.all([
      readOperation(ctx, listCategoriesOperation, { include_empty: false }),
      listBlogPosts(ctx.db, ctx.site.id, undefined, ctx.now(), SITEMAP_POSTS, 0, base),
    ]);
    const categories: string[] = [];
    const walk = (nodes: CategoryNode[]) => {
      for (const n of nodes) {
        categories.push(`/categories/${n.slug}`);
        walk(n.children);
      }
    };
    walk(tree.items);
    // Every section, its kinds of page, and the pages of the few things not reached through listings.
    const pages = [
      '/',
      '/launches',
      `/launches/weeks/${mondayOf(ctx.now())}`,
      '/leaderboards',
      ...BOARDS.map((b) => `/leaderboards/${b}`),
      '/categories',
      ...categories,
      '/founders',
      '/blog',
      ...posts.items.map((p) => `/blog/${p.slug}`),
      '/awards',
      '/hall-of-fame',
      '/docs',
      '/docs/mcp',
      '/sitemap',
    ];
    return send(
      reply,
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages.map((p) => `<url><loc>${escapeHtml(base + p)}</loc></url>`).join('\n')}\n</urlset>`,
    );
  });

  app.get<{ Params: { n: string } }>('/sitemaps/listings-:n.xml', async (req, reply) => {
    const n = /^[1-9][0-9]{0,4}$/.test(req.params.n) ? Number(req.params.n) : 0;
    const rows = n
      ? await liveListingStamps(ctx.db, ctx.site.id, SITEMAP_LISTINGS_PER_FILE, (n - 1) * SITEMAP_LISTINGS_PER_FILE)
      : [];
    if (rows.length === 0) return reply.code(404).type('text/plain').send('No such sitemap.');
    return send(
      reply,
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows
        .map(
          (r) =>
            `<url><loc>${escapeHtml(`${base}/p/${r.slug}`)}</loc><lastmod>${r.updated_at.slice(0, 10)}</lastmod></url>`,
        )
        .join('\n')}\n</urlset>`,
    );
  });
}
