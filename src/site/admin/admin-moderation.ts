import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { suspendedAccounts } from '../../domain/accounts/suspension.js';
import { recentActions } from '../../domain/moderation/moderation-log.js';
import { describeTarget, REASON_MAX } from '../../domain/moderation/moderate.js';
import { openReports, REPORT_REASONS } from '../../domain/moderation/reports.js';
import { html, type SafeHtml } from '../html.js';
import { adminOf, adminPageSender, flash } from './admin-guard.js';
import { firstText, type PostedForm } from '../forms/form-values.js';
import { runForm, type FormOutcome } from '../forms/run-form.js';
import {
  liftSuspensionOperation,
  moderateContentOperation,
  suspendAccountOperation,
} from '../../api/operations/admin/index.js';
const ACTION_WORDS: Record<string, string> = {
  hide: 'Hid',
  restore: 'Restored',
  dismiss_reports: 'Dismissed reports on',
  suspend: 'Suspended',
  unsuspend: 'Lifted the suspension of',
  void_vote: 'Voided',
};

/** A reason field and a submit button: every moderation action says why. */
export const reasonField = (id: string, placeholder = 'Why (recorded with the action)') =>
  html`<label class="sr-only" for="${id}">Reason</label><input id="${id}" name="reason" required minlength="3" maxlength="${REASON_MAX}" placeholder="${placeholder}">`;

/**
 * /admin/moderation: the queue of reported listings, reviews and comments (most reported first)
 * with hide, restore and dismiss; account suspensions; and the log of every action taken.
 */
export function registerAdminModerationRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = adminPageSender(ctx);

  async function show(reply: FastifyReply, user: User, o: { notice?: string; error?: string } = {}, status = 200) {
    const [queue, suspended, log] = await Promise.all([
      openReports(ctx.db, ctx.site.id),
      suspendedAccounts(ctx.db),
      recentActions(ctx.db, ctx.site.id),
    ]);
    const targets = await Promise.all(queue.map((q) => describeTarget(ctx.db, ctx.site.id, q.kind, q.target_id)));
    const csrf = html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;
    const action = (
      kind: string,
      id: number,
      verb: 'hide' | 'restore' | 'dismiss',
      label: string,
      n: number,
    ): SafeHtml =>
      html`<form method="post" action="/admin/moderation" class="inline">${csrf}<input type="hidden" name="action" value="${verb}"><input type="hidden" name="kind" value="${kind}"><input type="hidden" name="id" value="${id}">
        ${reasonField(`reason-${verb}-${kind}-${id}-${n}`)}<button type="submit"${verb === 'hide' ? html` class="danger"` : ''}>${label}</button></form>`;
    return page(
      reply,
      user,
      '/admin/moderation',
      'Moderation',
      html`<h1>Moderation</h1>${flash(o)}
      <section aria-labelledby="queue-h"><h2 id="queue-h">Reports waiting (${queue.length})</h2>
      ${
        queue.length === 0
          ? html`<p class="muted">Nothing reported. 🎉</p>`
          : html`<ol class="plain moderation-queue">${queue.map((q, i) => {
              const t = targets[i];
              return html`<li class="card moderation-item"><p><span class="chip">${q.kind}</span> <strong>${t ? t.title : `${q.kind} #${q.target_id} (gone)`}</strong>
          ${t?.hidden ? html`<span class="chip">hidden</span>` : ''} <span class="muted">— ${q.reports} report${q.reports === 1 ? '' : 's'}</span></p>
          ${t?.text ? html`<blockquote>${t.text}</blockquote>` : ''}${t?.author ? html`<p class="small muted">By ${t.author}</p>` : ''}
          <ul class="small">${q.reasons.map((r) => html`<li><strong>${REPORT_REASONS[r.reason] ?? r.reason}</strong>${r.details ? html`: ${r.details}` : ''} <span class="muted">— ${r.reporter ?? 'a deleted account'}, ${r.created_at.slice(0, 16).replace('T', ' ')}</span></li>`)}</ul>
          ${t?.href ? html`<p class="small"><a href="${t.href}">Open it</a></p>` : ''}
          <div class="actions">${t && !t.hidden ? action(q.kind, q.target_id, 'hide', 'Hide', i) : ''}${t?.hidden ? action(q.kind, q.target_id, 'restore', 'Restore', i) : ''}${action(q.kind, q.target_id, 'dismiss', 'Dismiss reports', i)}</div></li>`;
            })}</ol>`
      }</section>
      <section aria-labelledby="restore-h"><h2 id="restore-h">Hide or restore by id</h2>
        <form method="post" action="/admin/moderation" class="form">${csrf}
          <label for="m-action">Action</label><select id="m-action" name="action"><option value="hide">Hide</option><option value="restore">Restore</option></select>
          <label for="m-kind">What</label><select id="m-kind" name="kind"><option value="listing">Listing</option><option value="review">Review</option><option value="comment">Comment</option></select>
          <label for="m-id">Id</label><input id="m-id" name="id" inputmode="numeric" pattern="[0-9]+" required>
          <label for="m-reason">Reason</label><input id="m-reason" name="reason" required minlength="3" maxlength="${REASON_MAX}">
          <p><button type="submit">Apply</button></p></form></section>
      <section aria-labelledby="accounts-h"><h2 id="accounts-h">Suspended accounts</h2>
        <p class="muted">A suspended account can sign in and read, but not vote, review, comment or report. To stop its past votes counting, void them on <a href="/admin/votes">Votes</a>.</p>
        ${
          suspended.length === 0
            ? html`<p class="muted">None.</p>`
            : html`<table class="stack"><thead><tr><th scope="col">Account</th><th scope="col">Since</th><th scope="col">Why</th><th scope="col">Lift</th></tr></thead><tbody>
          ${suspended.map(
            (
              a,
            ) => html`<tr><td data-label="Account">${a.email}</td><td data-label="Since">${a.suspended_at.slice(0, 10)}</td><td data-label="Why">${a.suspended_reason ?? ''}</td>
            <td data-label="Lift"><form method="post" action="/admin/moderation/accounts" class="inline">${csrf}<input type="hidden" name="action" value="unsuspend"><input type="hidden" name="user_id" value="${a.id}">${reasonField(`reason-lift-${a.id}`)}<button type="submit">Lift</button></form></td></tr>`,
          )}</tbody></table>`
        }
        <form method="post" action="/admin/moderation/accounts" class="form">${csrf}<input type="hidden" name="action" value="suspend">
          <label for="s-email">Suspend the account with this email</label><input id="s-email" name="email" type="email" required maxlength="254">
          <label for="s-reason">Reason</label><input id="s-reason" name="reason" required minlength="3" maxlength="${REASON_MAX}">
          <p><button type="submit" class="danger">Suspend</button></p></form></section>
      <section aria-labelledby="log-h"><h2 id="log-h">What moderators did</h2>
        ${
          log.length === 0
            ? html`<p class="muted">No action yet.</p>`
            : html`<table class="stack"><thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Why</th></tr></thead><tbody>
          ${log.map(
            (
              a,
            ) => html`<tr><td data-label="When">${a.created_at.slice(0, 16).replace('T', ' ')}</td><td data-label="Who">${a.admin ?? 'a deleted account'}</td>
            <td data-label="What">${ACTION_WORDS[a.action] ?? a.action} ${a.target_kind} #${a.target_id}</td><td data-label="Why">${a.reason}</td></tr>`,
          )}</tbody></table>`
        }</section>`,
      status,
    );
  }

  /** Shows the queue with what the operation came to; `invalid` words a form the operation refused by field. */
  function showOutcome(
    reply: FastifyReply,
    user: User,
    r: FormOutcome<{ message: string }>,
    invalid: (fields: Record<string, string>) => string | undefined = () => undefined,
  ) {
    if (r.ok) return show(reply, user, { notice: r.value.message });
    return show(reply, user, { error: invalid(r.fields) ?? r.message }, r.status);
  }

  app.get('/admin/moderation', async (req, reply) => {
    const user = adminOf(req);
    return show(reply, user);
  });

  app.post<{ Body: PostedForm }>('/admin/moderation', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const r = await runForm(ctx, user, moderateContentOperation, req.body);
    return showOutcome(reply, user, r, (fields) =>
      fields.action
        ? 'Action must be hide, restore or dismiss.'
        : fields.kind
          ? 'What must be a listing, a review or a comment.'
          : fields.id
            ? 'Id must be a whole number from 1.'
            : undefined,
    );
  });

  app.post<{ Body: PostedForm }>(
    '/admin/moderation/accounts',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const action = firstText(req.body?.action);
      if (action === 'suspend')
        return showOutcome(reply, user, await runForm(ctx, user, suspendAccountOperation, req.body));
      const chooseAccount = 'Choose an account to suspend or lift.';
      if (action !== 'unsuspend') return show(reply, user, { error: chooseAccount }, 400);
      const r = await runForm(ctx, user, liftSuspensionOperation, req.body);
      return showOutcome(reply, user, r, (fields) => (fields.user_id ? chooseAccount : undefined));
    },
  );
}
