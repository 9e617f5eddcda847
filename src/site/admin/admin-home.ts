import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { openReportCount } from '../../domain/moderation/reports.js';
import { heldVoteCount, suspiciousVoteClusters } from '../../domain/votes/votes.js';
import { openAdminTaskCount } from '../../domain/orders/order-repository.js';
import { html } from '../html.js';
import { ADMIN_SECTIONS, adminOf, adminPageSender } from './admin-guard.js';

const WHAT: Record<string, string> = {
  '/admin/moderation': 'Reported listings, reviews and comments; hide, restore, suspend accounts; the log of actions.',
  '/admin/votes': 'Suspicious voting patterns and every vote of a listing; void votes with a reason.',
  '/admin/settings': 'Free launch queue window and capacity; vote holding and vote rate limits.',
  '/admin/categories': 'The category tree, descriptions and FAQs.',
  '/admin/blog': 'Blog posts in Markdown, with FAQs.',
  '/admin/interview-questions': 'The questions founders may answer.',
  '/admin/orders': 'Prices, bundles, paid capacity, the seller on invoices, done-for-you tasks, refunds.',
  '/admin/listing-versions': 'Every listing edit with its before and after.',
  '/admin/domain-ratings': 'Where Domain Ratings come from, refreshes that failed, and importing readings from CSV.',
};

/** /admin: what needs attention now, and every section of the admin area. */
export function registerAdminHomeRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = adminPageSender(ctx);
  app.get('/admin', async (req, reply) => {
    const user = adminOf(req);
    const [reports, clusters, held, tasks] = await Promise.all([
      openReportCount(ctx.db, ctx.site.id),
      suspiciousVoteClusters(ctx.db, ctx.site.id, ctx.now()),
      heldVoteCount(ctx.db, ctx.site.id),
      openAdminTaskCount(ctx.db, ctx.site.id),
    ]);
    const stat = (n: number, label: string, href: string) =>
      html`<li class="card admin-stat"><a href="${href}"><span class="big">${n}</span> ${label}</a></li>`;
    return page(
      reply,
      user,
      '/admin',
      'Admin',
      html`<h1>Admin</h1>
      <ul class="plain admin-stats">${stat(reports, reports === 1 ? 'reported item waiting' : 'reported items waiting', '/admin/moderation')}
        ${stat(clusters.length, clusters.length === 1 ? 'suspicious vote pattern' : 'suspicious vote patterns', '/admin/votes')}
        ${stat(held, held === 1 ? 'vote held for a young account' : 'votes held for young accounts', '/admin/settings')}
        ${stat(tasks, tasks === 1 ? 'done-for-you task open' : 'done-for-you tasks open', '/admin/orders')}</ul>
      <h2>Sections</h2><dl class="admin-sections">${ADMIN_SECTIONS.filter((s) => s.href !== '/admin').map((s) => html`<dt><a href="${s.href}">${s.label}</a></dt><dd>${WHAT[s.href] ?? ''}</dd>`)}</dl>`,
    );
  });
}
