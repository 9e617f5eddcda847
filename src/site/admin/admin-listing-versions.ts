import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { versionsOfSite } from '../../domain/my-listings/listing-versions.js';
import { html, layout } from '../html.js';
import { currentUser } from '../session.js';
import { pager, versionsTable } from '../my-listings/my-listing-version-view.js';

const PER_PAGE = 50;

/** Recent listing edits on this site with every field's value before and after — for site administrators only. */
export function registerAdminVersionRoutes(app: FastifyInstance, ctx: AppContext) {
  const siteName = ctx.site.name;
  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/admin/listing-versions', async (req, reply) => {
    const user = await currentUser(ctx, req);
    if (!user) return reply.redirect(`/signin?next=${encodeURIComponent('/admin/listing-versions')}`, 303);
    const send = (status: number, title: string, body: ReturnType<typeof html>) =>
      reply.code(status).type('text/html; charset=utf-8').send(layout({ title: `${title} — ${siteName}`, siteName, user }, body));
    if (!user.is_admin) return send(403, 'Not allowed', html`<h1>Not allowed</h1><p>This page is for the site's administrators.</p>`);
    const p = Number(([] as string[]).concat(req.query.page ?? '1')[0]);
    const page = Number.isInteger(p) && p >= 1 && p <= 1000 ? p : 1;
    const r = await versionsOfSite(ctx.db, ctx.site.id, PER_PAGE, (page - 1) * PER_PAGE);
    return send(200, 'Listing edits', html`<h1>Listing edits</h1>
      <p class="muted">Every edit owners published, newest first: ${r.total} in all.</p>
      ${versionsTable(r.items, { showListing: true })}
      ${pager('/admin/listing-versions', page, Math.ceil(r.total / PER_PAGE))}`);
  });
}
