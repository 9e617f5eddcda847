import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { loadFreeQueueSettings } from '../../domain/free-queue/free-queue-settings.js';
import { loadVoteSettings } from '../../domain/votes/vote-settings.js';
import { html } from '../html.js';
import { adminOf, adminPageSender, flash } from './admin-guard.js';
import { firstText, type PostedForm } from '../forms/form-values.js';
import { runForm } from '../forms/run-form.js';
import { SITE_SETTING_FIELDS, updateSiteSettingsOperation } from '../../api/operations/admin/index.js';

const FIELDS = SITE_SETTING_FIELDS;

/** /admin/settings: the free queue's window and capacity, and how votes are kept honest. */
export function registerAdminSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = adminPageSender(ctx);

  async function show(
    reply: FastifyReply,
    user: User,
    o: { notice?: string; error?: { field: string; message: string }; typed?: PostedForm } = {},
    status = 200,
  ) {
    const [free, votes] = await Promise.all([
      loadFreeQueueSettings(ctx.db, ctx.site.id),
      loadVoteSettings(ctx.db, ctx.site.id),
    ]);
    const current: Record<string, number> = {
      free_queue_min_weeks: free.minWeeks,
      free_queue_max_weeks: free.maxWeeks,
      free_queue_week_capacity: free.weekCapacity,
      free_queue_max_waiting_per_user: free.maxWaitingPerUser,
      vote_hold_hours: votes.holdHours,
      votes_per_minute_per_account: votes.perAccountPerMinute,
      votes_per_minute_per_address: votes.perAddressPerMinute,
    };
    const field = (f: (typeof FIELDS)[number]) => {
      const bad = o.error?.field === f.name;
      return html`<div class="field${bad ? ' has-error' : ''}"><label for="set-${f.name}">${f.label}</label>
        <input id="set-${f.name}" name="${f.name}" type="number" inputmode="numeric" min="${f.min}" max="${f.max}" step="1" required value="${o.typed ? firstText(o.typed[f.name]) : current[f.name]}"${bad ? html` aria-invalid="true" aria-describedby="err-${f.name}"` : ''}>
        ${bad ? html`<p class="field-error" id="err-${f.name}">${o.error!.message}</p>` : ''}</div>`;
    };
    return page(
      reply,
      user,
      '/admin/settings',
      'Settings',
      html`<h1>Site settings</h1>${flash({ notice: o.notice, error: o.error ? 'Nothing was saved: see the field marked below.' : undefined })}
      <form method="post" action="/admin/settings" class="form"><input type="hidden" name="_csrf" value="${reply.generateCsrf()}">
        <fieldset><legend>Free launch queue</legend>${FIELDS.filter((f) => f.group === 'free').map(field)}</fieldset>
        <fieldset><legend>Votes</legend>${FIELDS.filter((f) => f.group === 'votes').map(field)}
          <p class="small muted">A held vote shows to its voter at once but counts only when the account reaches the age; it still counts for the week it was cast in.</p></fieldset>
        <p><button type="submit">Save settings</button></p></form>
      <p class="small muted">Prices, paid-launch capacity and the seller on invoices are on <a href="/admin/orders">Orders and prices</a>.</p>`,
      status,
    );
  }

  app.get('/admin/settings', async (req, reply) => {
    const user = adminOf(req);
    return show(reply, user);
  });

  app.post<{ Body: PostedForm }>('/admin/settings', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const r = await runForm(ctx, user, updateSiteSettingsOperation, req.body);
    if (r.ok) return show(reply, user, { notice: r.value.message });
    // The first field refused, in the page's order: the operation's own refusal (worded for people,
    // "Must …") as it is, a refused bound as the field's range.
    const f = FIELDS.find((x) => r.fields[x.name]);
    if (!f) return show(reply, user, { error: { field: '', message: r.message }, typed: req.body }, r.status);
    const message = r.fields[f.name].startsWith('Must')
      ? r.fields[f.name]
      : `Must be a whole number from ${f.min} to ${f.max}.`;
    return show(reply, user, { error: { field: f.name, message }, typed: req.body }, r.status);
  });
}
