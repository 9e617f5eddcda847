import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { loadFreeQueueSettings } from '../../domain/free-queue/free-queue-settings.js';
import { setSetting } from '../../domain/site/site-repository.js';
import { loadVoteSettings, VOTE_SETTING_BOUNDS, VOTE_SETTING_KEYS } from '../../domain/votes/vote-settings.js';
import { html } from '../html.js';
import { adminOf, adminPageSender, flash, formValue } from './admin-guard.js';

type Form = Record<string, string | string[] | undefined>;

/** Every number on the settings page: its form name, site-setting key, words and bounds. */
const FIELDS = [
  {
    name: 'free_queue_min_weeks',
    key: 'free_queue_min_weeks',
    label: 'Free launches: earliest week (weeks from now)',
    min: 0,
    max: 104,
    group: 'free',
  },
  {
    name: 'free_queue_max_weeks',
    key: 'free_queue_max_weeks',
    label: 'Free launches: latest week (weeks from now)',
    min: 0,
    max: 104,
    group: 'free',
  },
  {
    name: 'free_queue_week_capacity',
    key: 'free_queue_week_capacity',
    label: 'Free launches per week',
    min: 0,
    max: 100_000,
    group: 'free',
  },
  {
    name: 'free_queue_max_waiting_per_user',
    key: 'free_queue_max_waiting_per_user',
    label: 'Listings one account may have waiting for their badge',
    min: 1,
    max: 100_000,
    group: 'free',
  },
  {
    name: 'vote_hold_hours',
    key: VOTE_SETTING_KEYS.holdHours,
    label: 'Hold votes of accounts younger than (hours; 0 counts at once)',
    min: VOTE_SETTING_BOUNDS.holdHours[0],
    max: VOTE_SETTING_BOUNDS.holdHours[1],
    group: 'votes',
  },
  {
    name: 'votes_per_minute_per_account',
    key: VOTE_SETTING_KEYS.perAccountPerMinute,
    label: 'Votes one account may cast a minute',
    min: VOTE_SETTING_BOUNDS.perAccountPerMinute[0],
    max: VOTE_SETTING_BOUNDS.perAccountPerMinute[1],
    group: 'votes',
  },
  {
    name: 'votes_per_minute_per_address',
    key: VOTE_SETTING_KEYS.perAddressPerMinute,
    label: 'Votes one address may cast a minute',
    min: VOTE_SETTING_BOUNDS.perAddressPerMinute[0],
    max: VOTE_SETTING_BOUNDS.perAddressPerMinute[1],
    group: 'votes',
  },
] as const;

/** /admin/settings: the free queue's window and capacity, and how votes are kept honest. */
export function registerAdminSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = adminPageSender(ctx);

  async function show(
    reply: FastifyReply,
    user: User,
    o: { notice?: string; error?: { field: string; message: string }; typed?: Form } = {},
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
        <input id="set-${f.name}" name="${f.name}" type="number" inputmode="numeric" min="${f.min}" max="${f.max}" step="1" required value="${o.typed ? formValue(o.typed, f.name) : current[f.name]}"${bad ? html` aria-invalid="true" aria-describedby="err-${f.name}"` : ''}>
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

  app.post<{ Body: Form }>('/admin/settings', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const values = new Map<string, number>();
    for (const f of FIELDS) {
      const v = formValue(req.body, f.name);
      const n = Number(v);
      if (!/^\d{1,9}$/.test(v) || n < f.min || n > f.max) {
        return show(
          reply,
          user,
          { error: { field: f.name, message: `Must be a whole number from ${f.min} to ${f.max}.` }, typed: req.body },
          400,
        );
      }
      values.set(f.key, n);
    }
    if (values.get('free_queue_max_weeks')! < values.get('free_queue_min_weeks')!) {
      return show(
        reply,
        user,
        {
          error: { field: 'free_queue_max_weeks', message: 'Must not be earlier than the earliest week.' },
          typed: req.body,
        },
        400,
      );
    }
    for (const [key, n] of values) await setSetting(ctx.db, ctx.site.id, key, n);
    return show(reply, user, { notice: 'Settings saved.' });
  });
}
