import { listBlogPostsOperation } from '../../api/operations/content.js';
import { listLaunchesOperation } from '../../api/operations/launches.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { escapeHtml } from '../html.js';
import { readOperation } from './read-operation.js';

export const FEEDS = { launches: '/feed.xml', blog: '/blog/feed.xml' } as const;

const rfc822 = (iso: string) => new Date(iso).toUTCString();

function rss(
  reply: FastifyReply,
  o: {
    title: string;
    link: string;
    self: string;
    description: string;
    items: { title: string; link: string; description: string; date: string | null }[];
  },
) {
  const e = escapeHtml;
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>${e(o.title)}</title><link>${e(o.link)}</link><description>${e(o.description)}</description>
<atom:link href="${e(o.self)}" rel="self" type="application/rss+xml"/>
${o.items.map((i) => `<item><title>${e(i.title)}</title><link>${e(i.link)}</link><guid isPermaLink="true">${e(i.link)}</guid>${i.date ? `<pubDate>${rfc822(i.date)}</pubDate>` : ''}<description>${e(i.description)}</description></item>`).join('\n')}
</channel></rss>
`;
  return reply.header('Cache-Control', 'public, max-age=600').type('application/rss+xml; charset=utf-8').send(body);
}

/** RSS feeds of the newest launches and of the blog, read through the same operations as the API. */
export function registerFeedRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  app.get(FEEDS.launches, async (_req, reply) => {
    const r = await readOperation(ctx, listLaunchesOperation, {
      section: 'recent',
      per_page: '50',
    });
    return rss(reply, {
      title: `${ctx.site.name} — new launches`,
      link: `${base}/`,
      self: `${base}${FEEDS.launches}`,
      description: ctx.site.purpose,
      items: r.items.map((l) => ({
        title: `${l.name} — ${l.tagline}`,
        link: `${base}/p/${l.slug}`,
        description: l.tagline,
        date: l.launched_at,
      })),
    });
  });
  app.get(FEEDS.blog, async (_req, reply) => {
    const r = await readOperation(ctx, listBlogPostsOperation, { per_page: '30' });
    return rss(reply, {
      title: `${ctx.site.name} — blog`,
      link: `${base}/blog`,
      self: `${base}${FEEDS.blog}`,
      description: `Posts from ${ctx.site.name}.`,
      items: r.items.map((p) => ({
        title: p.title,
        link: `${base}/blog/${p.slug}`,
        description: p.excerpt,
        date: p.published_at,
      })),
    });
  });
}
