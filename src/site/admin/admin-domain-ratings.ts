import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import type { ImportResult } from '../../domain/domain-ratings/csv-import.js';
import { providerLabel } from '../../domain/domain-ratings/provider-labels.js';
import { recentFailures } from '../../domain/domain-ratings/rating-repository.js';
import { html } from '../html.js';
import { adminOf, adminPageSender, flash } from './admin-guard.js';
import type { PostedForm } from '../forms/form-values.js';
import { runForm } from '../forms/run-form.js';
import { importDomainRatingsOperation } from '../../api/operations/admin/index.js';
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * /admin/domain-ratings: which provider refreshes the ratings, the refreshes that failed (the last
 * reading stays meanwhile), and the CSV import of `npm run admin -- domain-ratings import`.
 */
export function registerAdminDomainRatingRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = adminPageSender(ctx);

  async function show(
    reply: FastifyReply,
    user: User,
    o: { notice?: string; error?: string; result?: ImportResult } = {},
    status = 200,
  ) {
    const failures = await recentFailures(ctx.db, 50);
    const c = ctx.config.domainRatings;
    const csrf = html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;
    return page(
      reply,
      user,
      '/admin/domain-ratings',
      'Domain Ratings',
      html`<h1>Domain Ratings</h1>${flash(o)}
      ${o.result?.errors.length ? html`<ul class="error" role="alert">${o.result.errors.map((e) => html`<li>Line ${e.line}: ${e.message}</li>`)}</ul>` : ''}
      ${o.result?.unknown.length ? html`<ul class="muted">${o.result.unknown.map((u) => html`<li>Line ${u.line}: no listing has the domain ${u.domain}; skipped</li>`)}</ul>` : ''}
      <section aria-labelledby="dr-source-h"><h2 id="dr-source-h">Source</h2>
        <p>${
          c.provider
            ? html`${providerLabel(c.provider)}: every live listing's domain is refreshed once its latest reading is ${c.refreshDays} days old, at most ${c.requestsPerMinute} requests a minute.`
            : 'No provider is configured (AHREFS_API_KEY or OPENPAGERANK_API_KEY): readings come from imports only.'
        }</p>
      </section>
      <section aria-labelledby="dr-failures-h"><h2 id="dr-failures-h">Failed refreshes</h2>
        ${
          failures.length === 0
            ? html`<p class="muted">None.</p>`
            : html`<table class="stack"><caption class="sr-only">The latest failed refreshes</caption>
          <thead><tr><th scope="col">When</th><th scope="col">Domain</th><th scope="col">Provider</th><th scope="col">Error</th></tr></thead><tbody>
          ${failures.map((f) => html`<tr><td data-label="When">${when(f.at)}</td><td data-label="Domain">${f.domain}</td><td data-label="Provider">${providerLabel(f.provider)}</td><td data-label="Error">${f.error}</td></tr>`)}</tbody></table>`
        }
      </section>
      <section aria-labelledby="dr-import-h"><h2 id="dr-import-h">Import readings</h2>
        <form method="post" action="/admin/domain-ratings/import">${csrf}
          <div class="field"><label for="dr-csv">CSV: <code>domain,rating,date</code> per line (header optional)</label>
            <textarea id="dr-csv" name="csv" rows="8" required></textarea></div>
          <div class="field"><label for="dr-provider">Provider</label><input id="dr-provider" name="provider" value="import" maxlength="40"></div>
          <div class="field"><label for="dr-scale">Scale (best possible rating)</label><input id="dr-scale" name="scale" value="100" inputmode="numeric" maxlength="4"></div>
          <button type="submit">Import</button>
          <p class="muted">Nothing is imported when any row is bad; a reading of the same date replaces the earlier one.</p>
        </form>
      </section>`,
      status,
    );
  }

  app.get('/admin/domain-ratings', async (req, reply) => {
    const user = adminOf(req);
    return show(reply, user);
  });

  app.post<{ Body: PostedForm }>(
    '/admin/domain-ratings/import',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, importDomainRatingsOperation, req.body);
      if (!r.ok) return show(reply, user, { error: r.message }, r.status);
      const result = r.value;
      if (result.errors.length > 0)
        return show(reply, user, { error: 'Nothing imported: fix the rows below.', result }, 400);
      return show(reply, user, {
        notice: `Imported ${result.imported} reading${result.imported === 1 ? '' : 's'} from ${providerLabel(result.provider)}.`,
        result,
      });
    },
  );
}
