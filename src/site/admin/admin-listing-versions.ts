import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { versionsOfSite } from '../../domain/my-listings/listing-versions.js';
import { html } from '../html.js';
import { adminOf, adminPageSender } from './admin-guard.js';
import { pager, versionsTable } from '../my-listings/my-listing-version-view.js';

const PER_PAGE = 50;

/** Recent listing edits on this site with every field's value before and after — for site administrators only. */
export function registerAdminVersionRoutes(app: FastifyInstance, ctx: AppContext) {
  const sendPage = adminPageSender(ctx);
  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    '/admin/listing-versions',
    async (req, reply) => {
      const user = adminOf(req);
      const send = (status: number, title: string, body: ReturnType<typeof html>) =>
        sendPage(reply, user, '/admin/listing-versions', title, body, status);
      const p = Number(([] as string[]).concat(req.query.page ?? '1')[0]);
      const page = Number.isInteger(p) && p >= 1 && p <= 1000 ? p : 1;
      const r = await versionsOfSite(ctx.db, ctx.site.id, PER_PAGE, (page - 1) * PER_PAGE);
      return send(
        200,
        'Listing edits',
        html`<h1>Listing edits</h1>
      <p class="muted">Every edit owners published, newest first: ${r.total} in all.</p>
      ${versionsTable(r.items, { showListing: true })}
      ${pager('/admin/listing-versions', page, Math.ceil(r.total / PER_PAGE))}`,
      );
    },
  );
}
